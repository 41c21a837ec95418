package server

import "net/http"

// handleAdminUserDisable disables an account and ends its sessions:
// → {user}.
func (s *Server) handleAdminUserDisable(w http.ResponseWriter, r *http.Request) {
	s.setUserDisabled(w, r, true)
}

// setUserDisabled is the disable and enable handlers' one call.
func (s *Server) setUserDisabled(w http.ResponseWriter, r *http.Request, disabled bool) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, errUserNotFound())
		return
	}
	u, err := s.svc.UserAdmin.SetDisabled(r.Context(), id, disabled)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("user disabled changed", "user_id", id, "disabled", disabled, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
