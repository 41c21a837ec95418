package server

import "net/http"

// handleVoucherList lists a managed festival's vouchers with their use:
// 200 [Voucher].
func (s *Server) handleVoucherList(w http.ResponseWriter, r *http.Request) {
	l, err := s.svc.TicketOffers.Vouchers(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}
