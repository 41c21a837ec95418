package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleJudgeUnassign removes a specific assignment of a managed
// festival's judge.
func (s *Server) handleJudgeUnassign(w http.ResponseWriter, r *http.Request) {
	judgeID, err1 := strconv.ParseInt(r.PathValue("judgeId"), 10, 64)
	subID, err2 := strconv.ParseInt(r.PathValue("submissionId"), 10, 64)
	if err1 != nil || err2 != nil {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Assignment not found"))
		return
	}
	if err := s.svc.Judging.Unassign(r.Context(), r.PathValue("slug"), judgeID, subID); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
