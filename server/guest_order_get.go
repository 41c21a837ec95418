package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderGet answers the guest order of a link's token: 200
// TicketOrder (its tickets and QR codes' codes); a wrong token, or one
// whose screening has ended, is 404 "This link is wrong or has expired".
func (s *Server) handleGuestOrderGet(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	o, err := s.svc.Guests.GuestOrder(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, translateOrder(r, o))
}
