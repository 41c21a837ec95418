package server

import "net/http"

// handleAdminPackageList answers every package, hidden ones too, with
// every language's texts: {packages}.
func (s *Server) handleAdminPackageList(w http.ResponseWriter, r *http.Request) {
	pkgs, err := s.svc.PackageAdmin.AdminPackages(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"packages": pkgs})
}
