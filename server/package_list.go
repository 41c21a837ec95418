package server

import "net/http"

// handlePackageList answers the credit packages in the request's language.
func (s *Server) handlePackageList(w http.ResponseWriter, r *http.Request) {
	pkgs, err := s.svc.Packages.List(r.Context(), requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, map[string]any{"packages": pkgs})
}
