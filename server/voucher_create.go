package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleVoucherCreate adds a voucher to a managed festival: body
// VoucherInput, 201 Voucher.
func (s *Server) handleVoucherCreate(w http.ResponseWriter, r *http.Request) {
	var in marquee.VoucherInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := s.svc.TicketOffers.CreateVoucher(r.Context(), r.PathValue("slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}
