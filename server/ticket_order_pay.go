package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketOrderPay pays the signed-in buyer's pending order: body
// {country, paymentMethodId?, card?}, 200 {order, clientSecret?}. A
// declined card is a 200 whose order is failed (its seats released); a
// hold that has passed is 409. Attempts share the checkout's allowance.
func (s *Server) handleTicketOrderPay(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	var req marquee.TicketPayRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitPayment) {
		return
	}
	res, err := s.svc.Tickets.PayOrder(r.Context(), id, req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusOK, res)
}
