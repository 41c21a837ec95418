package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleVoucherCheck answers what a code does to an order of a screening:
// body VoucherCheck, 200 VoucherQuote, or 400 with the reason under
// voucherCode. Codes are secrets worth money: the checks are limited per
// client (marquee.LimitVoucherCheck), failing closed.
func (s *Server) handleVoucherCheck(w http.ResponseWriter, r *http.Request) {
	var req marquee.VoucherCheck
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitVoucherCheck) {
		return
	}
	q, err := s.svc.TicketOffers.CheckVoucher(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}
