package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeAssignmentGet returns one submission of the signed-in
// judge's queue.
func (s *Server) handleJudgeAssignmentGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Submission not found"))
		return
	}
	a, err := s.svc.Judging.Assignment(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}
