package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderCreate holds seats for a visitor without an account:
// body {screeningId, items | quantity, voucherCode, name, email}, 201
// {order, token} (the token opens the order's page; only its hash is
// kept). The seats, types and vouchers follow the signed-in order's rules;
// a wrong name or address is 422 with the field's message. Each network is
// limited (marquee.LimitGuestOrder).
func (s *Server) handleGuestOrderCreate(w http.ResponseWriter, r *http.Request) {
	var req marquee.GuestOrderRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitGuestOrder) {
		return
	}
	if req.VoucherCode != "" && !s.allow(w, r, marquee.LimitVoucherCheck) {
		return
	}
	req.Language = requestLanguage(r)
	res, err := s.svc.Guests.CreateGuestOrder(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateOrder(r, res.Order)
	writeJSON(w, http.StatusCreated, res)
}
