package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminUserRole changes an account's role: {role} → {user}.
func (s *Server) handleAdminUserRole(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, errUserNotFound())
		return
	}
	var req marquee.RoleChange
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.svc.UserAdmin.ChangeRole(r.Context(), id, req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("user role changed", "user_id", id, "role", u.Role, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
