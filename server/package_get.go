package server

import "net/http"

// handlePackageGet answers one credit package in the request's language.
func (s *Server) handlePackageGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.Packages.Find(r.Context(), r.PathValue("id"), requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, map[string]any{"package": p})
}
