package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// promotionPriceRequest is the body of PUT /admin/promotion-prices/{days}.
type promotionPriceRequest struct {
	Credits int64 `json:"credits"`
}

// handleAdminPromotionPriceUpdate sets the price of a campaign length:
// /admin/promotion-prices/{days} {credits}; audited.
func (s *Server) handleAdminPromotionPriceUpdate(w http.ResponseWriter, r *http.Request) {
	var req promotionPriceRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	days, err := strconv.Atoi(r.PathValue("days"))
	if err != nil {
		s.writeError(w, r, marquee.ErrPromotionLength())
		return
	}
	p, err := s.svc.Promotions.UpdatePrice(r.Context(), days, req.Credits)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
