package server

import "net/http"

// handleManageFestivalGet answers {festival} in full, with categories and
// criteria, to its organiser or an admin.
func (s *Server) handleManageFestivalGet(w http.ResponseWriter, r *http.Request) {
	f, err := s.svc.Festivals.Managed(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
