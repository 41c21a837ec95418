package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// Limits of POST /api/v1/password-resets: per client and per address in an
// hour. The address is counted by its SHA-256, so the shared counters hold
// no address.
const (
	passwordResetsPerClientPerHour  = 10
	passwordResetsPerAddressPerHour = 3
)

// passwordResetLimiters count reset requests per client and per address.
func (s *Server) passwordResetLimiters() (byClient, byAddress *keyedLimiter) {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "reset-ip", passwordResetsPerClientPerHour, time.Hour),
		newKeyedLimiter(s.svc.RateLimits, s.log, "reset-address", passwordResetsPerAddressPerHour, time.Hour)
}

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
	byClient, byAddress := s.passwordResetLimiters()
	sum := sha256.Sum256([]byte(req.Email))
	if !byClient.Allow(w, r, s.clientKey(r)) || !byAddress.Allow(w, r, hex.EncodeToString(sum[:])) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many password reset requests. Try again later."))
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
