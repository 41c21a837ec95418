package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderPay pays the pending guest order of a link's token, as a
// signed-in buyer pays theirs: body {country, paymentMethodId?, card?},
// 200 {order, clientSecret?}. Attempts are limited per network
// (marquee.LimitGuestPayment).
func (s *Server) handleGuestOrderPay(w http.ResponseWriter, r *http.Request) {
	var req marquee.TicketPayRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitGuestLink) || !s.allow(w, r, marquee.LimitGuestPayment) {
		return
	}
	res, err := s.svc.Guests.PayGuestOrder(r.Context(), r.PathValue("token"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusOK, res)
}
