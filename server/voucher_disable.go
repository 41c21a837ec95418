package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleVoucherDisable stops a managed festival's voucher: 200 Voucher
// (idempotent).
func (s *Server) handleVoucherDisable(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrVoucherNotFound())
		return
	}
	v, err := s.svc.TicketOffers.DisableVoucher(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
