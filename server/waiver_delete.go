package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleWaiverDelete removes a managed festival's waiver code: 204.
func (s *Server) handleWaiverDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Waiver not found"))
		return
	}
	if err := s.svc.Submissions.DeleteWaiver(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
