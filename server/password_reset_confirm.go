package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handlePasswordResetConfirm sets a new password with a reset link's
// token: 204, or 400 with one message for a link that is not good. Every
// session of the account ends; nobody is signed in.
func (s *Server) handlePasswordResetConfirm(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitResetConfirm) {
		return
	}
	var req marquee.PasswordReset
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.svc.Privacy.ResetPassword(r.Context(), req); err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("password reset")
	w.WriteHeader(http.StatusNoContent)
}
