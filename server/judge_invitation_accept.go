package server

import "net/http"

// handleJudgeInvitationAccept makes the signed-in user (with the invited
// e-mail) a judge of the invitation's festival.
func (s *Server) handleJudgeInvitationAccept(w http.ResponseWriter, r *http.Request) {
	jf, err := s.svc.Judging.Accept(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("judge invitation accepted", "festival_id", jf.FestivalID, "judge_id", jf.JudgeID)
	writeJSON(w, http.StatusOK, jf)
}
