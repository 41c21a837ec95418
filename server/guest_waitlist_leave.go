package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestWaitlistLeave takes the visitor of a link off the waiting
// list: 204 (leaving again too); an offer's held seats pass on.
func (s *Server) handleGuestWaitlistLeave(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	if err := s.svc.Guests.LeaveGuestWaitlist(r.Context(), r.PathValue("token")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
