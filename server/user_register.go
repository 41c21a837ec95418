package server

import (
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store"
)

type credentialsRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Name     string `json:"name"`
}

// handleUserRegister creates a filmmaker account and signs it in. It is the
// seed's POST /api/v1/user/register: success answers {user}.
func (s *Server) handleUserRegister(w http.ResponseWriter, r *http.Request) {
	if !s.signupByIP.Allow(s.clientIP(r), s.db.Now()) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many sign-ups from your network. Try again later."))
		return
	}
	var req credentialsRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	email := marquee.NormalizeEmail(req.Email)
	name := strings.TrimSpace(req.Name)
	fields := marquee.FieldErrors{}
	switch {
	case email == "":
		fields.Add("email", "Email is required")
	case !marquee.ValidEmail(email):
		fields.Add("email", "Enter a valid email address")
	}
	if msg := marquee.CheckPassword(req.Password); msg != "" {
		fields.Add("password", msg)
	}
	if marquee.Length(name) > 100 {
		fields.Add("name", "Name must be at most 100 characters")
	}
	message := firstMessage(fields, "email", "password", "name")
	if email == "" && req.Password == "" {
		message = "Email and password are required"
	}
	if err := fields.Err(message); err != nil {
		s.writeError(w, r, err)
		return
	}
	if name == "" {
		name, _, _ = strings.Cut(email, "@")
	}
	hash, err := password.Hash(req.Password, s.cfg.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.db.CreateUser(r.Context(), store.NewUser{Email: email, Name: name, PasswordHash: hash, Role: marquee.RoleFilmmaker})
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

// firstMessage returns the message of the first failing field in order, so
// clients that show only `message` still say what is wrong.
func firstMessage(f marquee.FieldErrors, order ...string) string {
	for _, k := range order {
		if m := f[k]; m != "" {
			return m
		}
	}
	return "Please correct the highlighted fields"
}
