package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleMePassword changes the signed-in user's password and ends their
// other sessions. Attempts are limited per user (each one checks the
// current password with argon2id).
func (s *Server) handleMePassword(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitPasswordCheck) {
		return
	}
	var req marquee.PasswordChange
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.svc.Users.ChangePassword(r.Context(), req, requestToken(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
