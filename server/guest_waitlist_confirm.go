package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestWaitlistConfirm puts the visitor of a confirmation link in
// the queue (once) and answers their place: 200 GuestWaitlistEntry. A
// wrong or expired link is 404.
func (s *Server) handleGuestWaitlistConfirm(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	e, err := s.svc.Guests.ConfirmGuestWaitlist(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, e)
}
