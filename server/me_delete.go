package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleMeDelete deletes the signed-in user's account, confirmed with
// their password, and clears the session cookie: 204. Attempts count with
// the password changes (each checks the password).
func (s *Server) handleMeDelete(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !s.allow(w, r, marquee.LimitPasswordCheck) {
		return
	}
	var req marquee.AccountDeletion
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.svc.Privacy.DeleteAccount(r.Context(), req); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.clearSessionCookie(w, r)
	requestLogger(r, s.log).Info("account deleted", "user_id", u.ID)
	w.WriteHeader(http.StatusNoContent)
}
