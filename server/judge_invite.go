package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// judgeInviteRequest is the body of POST /manage/festivals/{slug}/judges.
type judgeInviteRequest struct {
	Email string `json:"email"`
}

// handleJudgeInvite invites a judge by e-mail (the invitation goes
// through the outbox, in the organiser's language).
func (s *Server) handleJudgeInvite(w http.ResponseWriter, r *http.Request) {
	var req judgeInviteRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if u := marquee.UserFromContext(r.Context()); u != nil && !s.allow(w, r, marquee.LimitJudgeInvite) {
		return
	}
	j, err := s.svc.Judging.Invite(r.Context(), r.PathValue("slug"), req.Email, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("judge invited", "festival_id", j.FestivalID, "judge_id", j.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"judge": j})
}
