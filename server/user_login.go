package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleUserLogin signs a user in: the seed's POST /api/v1/user/login,
// answering {user, token}. The token also arrives as an HttpOnly cookie and
// works as `Authorization: Bearer`. An unknown email and a wrong password
// get the same answer, in about the same time. Attempts are limited per
// client address (marquee.LimitLogin) and failures per account and client
// (loginFailures), so that a stranger's failures never lock the owner out;
// both are counted before the password is checked.
func (s *Server) handleUserLogin(w http.ResponseWriter, r *http.Request) {
	var req marquee.Credentials
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitLogin) {
		return
	}
	attempt, err := s.loginFailures.Begin(w, r, req.Email, s.clientKey(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.svc.Users.Authenticate(r.Context(), req)
	attempt.Done(r, err)
	if err != nil {
		if marquee.ErrorCode(err) == marquee.EBadLogin {
			requestLogger(r, s.log).Warn("login failed")
		}
		s.writeError(w, r, err)
		return
	}
	token, err := s.startSession(w, r, u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u, "token": token})
}
