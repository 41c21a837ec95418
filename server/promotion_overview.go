package server

import "net/http"

// handlePromotionOverview answers the signed-in user's promotion screen:
// {festivals (with any running campaign), prices, balance}.
func (s *Server) handlePromotionOverview(w http.ResponseWriter, r *http.Request) {
	o, err := s.svc.Promotions.Overview(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}
