package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// handleUserLogin signs a user in: the seed's POST /api/v1/user/login,
// answering {user, token}. The token also arrives as an HttpOnly cookie and
// works as `Authorization: Bearer`. An unknown email and a wrong password
// get the same answer, in about the same time.
func (s *Server) handleUserLogin(w http.ResponseWriter, r *http.Request) {
	var req credentialsRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	email := marquee.NormalizeEmail(req.Email)
	if email == "" || req.Password == "" {
		fields := marquee.FieldErrors{}
		if email == "" {
			fields.Add("email", "Email is required")
		}
		if req.Password == "" {
			fields.Add("password", "Password is required")
		}
		s.writeError(w, r, &marquee.Error{Code: marquee.EInvalid, Message: "Both fields are required", Fields: fields})
		return
	}
	now := s.db.Now()
	if !s.loginByIP.Allow(s.clientIP(r), now) || !s.loginByAccount.Allow(email, now) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many login attempts. Try again in a minute."))
		return
	}
	badLogin := marquee.Errorf(marquee.EBadLogin, "Invalid email or password")
	u, err := s.db.FindUserByEmail(r.Context(), email)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		_, _ = password.Verify(req.Password, s.dummyHash)
		s.writeError(w, r, badLogin)
		return
	} else if err != nil {
		s.writeError(w, r, err)
		return
	}
	ok, err := password.Verify(req.Password, u.PasswordHash)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		requestLogger(r, s.log).Warn("login failed", "user_id", u.ID)
		s.writeError(w, r, badLogin)
		return
	}
	token, err := s.startSession(w, r, u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u, "token": token})
}

// handleUserLogout ends the current session (if any) and clears its cookie.
func (s *Server) handleUserLogout(w http.ResponseWriter, r *http.Request) {
	if hash := currentTokenHash(r); hash != "" {
		if err := s.db.DeleteSession(r.Context(), hash); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	s.clearSessionCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}
