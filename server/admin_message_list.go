package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminMessageList answers a page of contact messages, newest first:
// ?status=open (default), handled or all; {items, total, page, perPage}.
func (s *Server) handleAdminMessageList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.ContactFilter{Status: marquee.ParseContactStatus(q.Get("status"), &f), PageRequest: marquee.PageRequest{
		Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.AdminMessagesPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Contact.List(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
