package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// judgeConflictRequest is the body of POST .../submissions/{id}/conflict.
type judgeConflictRequest struct {
	Reason string `json:"reason"`
}

// handleJudgeConflictDeclare records the signed-in judge's conflict of
// interest on a submission.
func (s *Server) handleJudgeConflictDeclare(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Submission not found"))
		return
	}
	var req judgeConflictRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.svc.Judging.DeclareConflict(r.Context(), r.PathValue("slug"), id, req.Reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"conflict": c})
}
