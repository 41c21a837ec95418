package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningCancel cancels a managed festival's screening, refunding
// its paid orders and e-mailing their buyers: 200 ManagedScreening
// (idempotent).
func (s *Server) handleScreeningCancel(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	m, err := s.svc.Tickets.CancelScreening(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}
