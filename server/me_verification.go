package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleMeVerification sends the signed-in user a new link confirming
// their address, in the request's language: 204, 409 when it is already
// confirmed, 429 past the hourly limit.
func (s *Server) handleMeVerification(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if u.EmailVerified {
		s.writeError(w, r, marquee.ErrAlreadyVerified())
		return
	}
	if !s.allow(w, r, marquee.LimitConfirmationMail) {
		return
	}
	if err := s.svc.Users.RequestVerification(r.Context(), requestLanguage(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
