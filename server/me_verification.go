package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// verificationsPerHour bounds the confirmation e-mails a signed-in user
// may ask for in an hour (each is a mail to their address).
const verificationsPerHour = 5

// verificationLimiter counts confirmation e-mails per user, in the
// database shared by every node.
func (s *Server) verificationLimiter() *keyedLimiter {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "verification-user", verificationsPerHour, time.Hour)
}

// handleMeVerification sends the signed-in user a new link confirming
// their address, in the request's language: 204, 409 when it is already
// confirmed, 429 past the hourly limit.
func (s *Server) handleMeVerification(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if u.EmailVerified {
		s.writeError(w, r, marquee.ErrAlreadyVerified())
		return
	}
	if !s.verificationLimiter().Allow(w, r, strconv.FormatInt(u.ID, 10)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many confirmation e-mails. Try again later."))
		return
	}
	if err := s.svc.Users.RequestVerification(r.Context(), requestLanguage(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
