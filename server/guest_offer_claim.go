package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOfferClaim takes the seats of an offer made to a visitor as
// their pending guest order: body {name}, 201 {order, token}. An expired or
// used offer is 404; a missing name 422.
func (s *Server) handleGuestOfferClaim(w http.ResponseWriter, r *http.Request) {
	var req marquee.GuestOfferClaim
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	res, err := s.svc.Guests.ClaimGuestWaitlistOffer(r.Context(), r.PathValue("token"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusCreated, res)
}
