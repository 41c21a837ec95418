package server

import "net/http"

// handleAdminSiteFigures answers the installation's real numbers for the
// about and promotion pages' admin-only switch.
func (s *Server) handleAdminSiteFigures(w http.ResponseWriter, r *http.Request) {
	f, err := s.svc.Analytics.SiteFigures(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, f)
}
