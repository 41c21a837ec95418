package server

import "net/http"

// handleJudgeList lists a managed festival's judges with their progress.
func (s *Server) handleJudgeList(w http.ResponseWriter, r *http.Request) {
	judges, err := s.svc.Judging.Judges(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": judges})
}
