package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// errUserNotFound is the answer for a user id that is not a number.
func errUserNotFound() error { return marquee.Errorf(marquee.ENotFound, "User not found") }

// handleAdminUserGet answers one account with its festivals, purchases,
// ledger and sessions.
func (s *Server) handleAdminUserGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, errUserNotFound())
		return
	}
	d, err := s.svc.UserAdmin.UserDetail(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}
