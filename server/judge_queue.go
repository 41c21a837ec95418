package server

import "net/http"

// handleJudgeQueue lists the signed-in judge's submissions of a festival
// (the filmmaker hidden under blind review).
func (s *Server) handleJudgeQueue(w http.ResponseWriter, r *http.Request) {
	q, err := s.svc.Judging.Queue(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": q})
}
