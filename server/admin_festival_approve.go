package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminFestivalApprove makes a festival public.
func (s *Server) handleAdminFestivalApprove(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFestivalNotFound())
		return
	}
	f, err := s.svc.Festivals.Approve(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival approved", "festival_id", id, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
