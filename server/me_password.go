package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleMePassword changes the signed-in user's password and ends their
// other sessions.
func (s *Server) handleMePassword(w http.ResponseWriter, r *http.Request) {
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
