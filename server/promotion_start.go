package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handlePromotionStart promotes a managed, approved festival: {days, key};
// 201 with the campaign (the same one again for a repeated key).
func (s *Server) handlePromotionStart(w http.ResponseWriter, r *http.Request) {
	var req marquee.NewPromotion
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.svc.Promotions.Start(r.Context(), r.PathValue("slug"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, p)
}
