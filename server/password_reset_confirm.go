package server

import (
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
)

// passwordResetConfirmsPerHour bounds the uses of reset links per client
// in an hour (a token is 32 random bytes; the limit stops trying at scale).
const passwordResetConfirmsPerHour = 30

// handlePasswordResetConfirm sets a new password with a reset link's
// token: 204, or 400 with one message for a link that is not good. Every
// session of the account ends; nobody is signed in.
func (s *Server) handlePasswordResetConfirm(w http.ResponseWriter, r *http.Request) {
	limiter := newKeyedLimiter(s.svc.RateLimits, s.log, "reset-confirm-ip", passwordResetConfirmsPerHour, time.Hour)
	if !limiter.Allow(w, r, s.clientKey(r)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many requests from your network. Try again later."))
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
