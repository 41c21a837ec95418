package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeScoreSave saves the signed-in judge's score of a submission.
func (s *Server) handleJudgeScoreSave(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Submission not found"))
		return
	}
	var in marquee.ScoreInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	sc, err := s.svc.Judging.SaveScore(r.Context(), r.PathValue("slug"), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"score": sc})
}
