package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPromotionEnd ends a running campaign early, refunding the
// unused whole days: 200 with the campaign.
func (s *Server) handleAdminPromotionEnd(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrPromotionNotFound())
		return
	}
	p, err := s.svc.Promotions.End(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
