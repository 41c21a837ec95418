package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminAuditList answers a page of the audit log, newest first,
// filtered by ?actor= (part of the e-mail), ?action=, ?targetType=,
// ?targetId= and ?festival= (a festival's slug): {items, total,
// totalCapped, page, perPage}. The log has no route that changes it.
func (s *Server) handleAdminAuditList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.AuditFilter{Actor: q.Get("actor"), Action: marquee.AuditAction(q.Get("action")),
		TargetType: q.Get("targetType"), TargetID: q.Get("targetId"), Festival: q.Get("festival"),
		PageRequest: marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.AuditPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Audit.List(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
