package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOfferGet answers a waiting-list offer made to a visitor: 200
// WaitlistOffer; a wrong token is 404.
func (s *Server) handleGuestOfferGet(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	o, err := s.svc.Guests.GuestWaitlistOffer(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}
