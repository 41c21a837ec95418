package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderConfirm settles the guest order of a link's token with
// the provider's current state (after Stripe Elements confirmed): 200
// {order}.
func (s *Server) handleGuestOrderConfirm(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	res, err := s.svc.Guests.ConfirmGuestOrder(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusOK, res)
}
