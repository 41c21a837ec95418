package server

import "net/http"

// handleJudgeFestivalList lists the festivals the signed-in user judges.
func (s *Server) handleJudgeFestivalList(w http.ResponseWriter, r *http.Request) {
	fs, err := s.svc.Judging.MyFestivals(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": fs})
}
