package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handlePasswordResetRequest e-mails a reset link to the account with the
// address, in the request's language. It answers 202 with the same message
// whether the account exists or not.
func (s *Server) handlePasswordResetRequest(w http.ResponseWriter, r *http.Request) {
	var req marquee.PasswordResetRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := req.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitResetClient) || !s.allow(w, r, marquee.LimitResetAddress, req.Email) {
		return
	}
	req.Language = requestLanguage(r)
	if err := s.svc.Privacy.RequestPasswordReset(r.Context(), req); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"message": locale.Text(requestLanguage(r),
		"If an account uses this address, we have sent it a link to reset the password. Check your inbox.")})
}
