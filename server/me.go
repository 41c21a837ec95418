package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// handleMeGet answers the signed-in user.
func (s *Server) handleMeGet(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"user": currentUser(r)})
}

// handleSessionGet answers {user} for a signed-in caller and {user: null}
// for a visitor: the front end asks it on every page, and a visitor is not
// an error.
func (s *Server) handleSessionGet(w http.ResponseWriter, r *http.Request) {
	u, err := s.sessionUser(r)
	if err != nil && marquee.ErrorCode(err) != marquee.EUnauthorized {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}

type passwordChangeRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// handleMePassword changes the signed-in user's password and ends their
// other sessions.
func (s *Server) handleMePassword(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	var req passwordChangeRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	fields := marquee.FieldErrors{}
	if req.CurrentPassword == "" {
		fields.Add("currentPassword", "Current password is required")
	} else if ok, err := password.Verify(req.CurrentPassword, u.PasswordHash); err != nil {
		s.writeError(w, r, err)
		return
	} else if !ok {
		fields.Add("currentPassword", "Current password is incorrect")
	}
	if msg := marquee.CheckPassword(req.NewPassword); msg != "" {
		fields.Add("newPassword", msg)
	}
	if err := fields.Err(firstMessage(fields, "currentPassword", "newPassword")); err != nil {
		s.writeError(w, r, err)
		return
	}
	hash, err := password.Hash(req.NewPassword, s.cfg.Password)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.db.UpdatePassword(r.Context(), u.ID, hash); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.db.DeleteUserSessions(r.Context(), u.ID, currentTokenHash(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleMeTerms records that the signed-in user accepted the terms of service.
func (s *Server) handleMeTerms(w http.ResponseWriter, r *http.Request) {
	u, err := s.db.AcceptTerms(r.Context(), currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
