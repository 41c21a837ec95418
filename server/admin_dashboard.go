package server

import "net/http"

// handleAdminDashboard answers the dashboard figures and the last twelve
// months of sign-ups.
func (s *Server) handleAdminDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.svc.Users.Dashboard(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}
