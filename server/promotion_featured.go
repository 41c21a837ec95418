package server

import "net/http"

// handlePromotionFeatured answers the festivals promoted now, for the
// home page's strip: {items}.
func (s *Server) handlePromotionFeatured(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Promotions.Featured(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
