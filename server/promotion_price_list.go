package server

import "net/http"

// handlePromotionPriceList answers the promotion prices: {items}.
func (s *Server) handlePromotionPriceList(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Promotions.Prices(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
