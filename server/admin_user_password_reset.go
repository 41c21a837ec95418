package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminUserPasswordReset sends user {id} the password reset e-mail
// of the forgotten-password flow (admin only): 202 {}.
func (s *Server) handleAdminUserPasswordReset(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "User not found"))
		return
	}
	if err := s.svc.Privacy.SendPasswordReset(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("password reset sent", "user_id", id, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusAccepted, struct{}{})
}
