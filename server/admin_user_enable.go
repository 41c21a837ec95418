package server

import "net/http"

// handleAdminUserEnable enables a disabled account: → {user}.
func (s *Server) handleAdminUserEnable(w http.ResponseWriter, r *http.Request) {
	s.setUserDisabled(w, r, false)
}
