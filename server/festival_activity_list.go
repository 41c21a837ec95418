package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalActivityList answers a page (?page=) of a managed
// festival's audit trail, newest first, to its organiser and admins:
// {items, total, totalCapped, page, perPage}; to anyone else the festival
// does not exist (404).
func (s *Server) handleFestivalActivityList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	p := marquee.PageRequest{Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.FestivalActivityPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Audit.FestivalActivity(r.Context(), r.PathValue("slug"), p)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
