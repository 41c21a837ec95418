package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleUserRegister creates a filmmaker account and signs it in. It is the
// seed's POST /api/v1/user/register: success answers {user}.
func (s *Server) handleUserRegister(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitSignup) {
		return
	}
	var req marquee.NewUser
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	req.Language = requestLanguage(r) // of the confirmation e-mail
	u, err := s.svc.Users.Register(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := s.startSession(w, r, u); err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("user registered", "user_id", u.ID)
	writeJSON(w, http.StatusCreated, map[string]any{"user": u})
}
