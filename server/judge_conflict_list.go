package server

import "net/http"

// handleJudgeConflictList lists the conflicts of interest declared in a
// managed festival.
func (s *Server) handleJudgeConflictList(w http.ResponseWriter, r *http.Request) {
	cs, err := s.svc.Judging.Conflicts(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": cs})
}
