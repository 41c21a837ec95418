package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeRemove removes a judge of a managed festival (their scores go).
func (s *Server) handleJudgeRemove(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Judge not found"))
		return
	}
	if err := s.svc.Judging.RemoveJudge(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
