package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketOrderConfirm settles the signed-in buyer's order with the
// provider's current state (after Stripe Elements confirmed): 200 {order}.
func (s *Server) handleTicketOrderConfirm(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	res, err := s.svc.Tickets.ConfirmOrder(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusOK, res)
}
