package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// judgeInvitesPerHour bounds the invitations one organiser sends in an
// hour (each is an e-mail to an address of their choosing).
const judgeInvitesPerHour = 100

// judgeInvitationsPerMinute bounds the public invitation look-ups per
// client IP in a minute (the tokens are unguessable; this stops scanning).
const judgeInvitationsPerMinute = 30

// judgeInviteLimiter counts invitations per organiser, in the database
// shared by every node. A limiter holds no state of its own, so it is
// built where it is used.
func (s *Server) judgeInviteLimiter() *keyedLimiter {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "judge-invite-user", judgeInvitesPerHour, time.Hour)
}

// judgeInvitationLimiter counts public invitation look-ups per client IP.
func (s *Server) judgeInvitationLimiter() *keyedLimiter {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "judge-invitation-ip", judgeInvitationsPerMinute, time.Minute)
}

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
	if u := marquee.UserFromContext(r.Context()); u != nil && !s.judgeInviteLimiter().Allow(w, r, strconv.FormatInt(u.ID, 10)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many invitations. Try again later."))
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
