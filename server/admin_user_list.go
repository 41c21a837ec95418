package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminUserList answers a page of users, newest first, optionally
// searched by ?q= (part of the e-mail or name) and filtered by ?role=:
// {items, total, page, perPage}.
func (s *Server) handleAdminUserList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.UserFilter{Query: q.Get("q"), Role: marquee.Role(q.Get("role")), PageRequest: marquee.PageRequest{
		Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.AdminUsersPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Users.ListUsers(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
