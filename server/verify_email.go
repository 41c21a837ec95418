package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// verifyEmailRequest is the body of POST /api/v1/verify-email.
type verifyEmailRequest struct {
	Token string `json:"token"`
}

// handleVerifyEmail confirms the address of a link's token. It is public
// (the link may be opened in a browser that is signed out) and signs
// nobody in: it answers {"verified": true}, or 400 for a link unknown,
// used or expired.
func (s *Server) handleVerifyEmail(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitEmailConfirm) {
		return
	}
	var req verifyEmailRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.svc.Users.VerifyEmail(r.Context(), req.Token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("e-mail verified", "user_id", u.ID)
	writeJSON(w, http.StatusOK, map[string]any{"verified": true})
}
