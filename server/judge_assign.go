package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeAssign assigns judges of a managed festival (all, category,
// specific or spread) and answers how many pairs it added.
func (s *Server) handleJudgeAssign(w http.ResponseWriter, r *http.Request) {
	var req marquee.AssignmentRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	n, err := s.svc.Judging.Assign(r.Context(), r.PathValue("slug"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"added": n})
}
