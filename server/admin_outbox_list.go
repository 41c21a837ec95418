package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminOutboxList answers a page of the mail outbox, newest first:
// ?status=queued|sent|failed|kept|all (default all) and ?page= (1 to 10,000).
func (s *Server) handleAdminOutboxList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.MailFilter{Status: marquee.ParseMailStatusFilter(q.Get("status"), &f), PageRequest: marquee.PageRequest{
		Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.OutboxPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Mail.List(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
