package server

import "net/http"

// handleAdminUserSessionsEnd ends every session of an account: → {ended}.
func (s *Server) handleAdminUserSessionsEnd(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, errUserNotFound())
		return
	}
	n, err := s.svc.UserAdmin.EndSessions(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("user sessions ended", "user_id", id, "sessions", n, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"ended": n})
}
