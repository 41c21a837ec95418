package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeInvitationGet describes an invitation to whoever holds its
// token (public; rate limited per client IP across nodes).
func (s *Server) handleJudgeInvitationGet(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitJudgeInvitationView) {
		return
	}
	inv, err := s.svc.Judging.Invitation(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, inv)
}
