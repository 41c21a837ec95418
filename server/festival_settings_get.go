package server

import "net/http"

// handleFestivalSettingsGet answers a managed festival's FestivalSettings.
func (s *Server) handleFestivalSettingsGet(w http.ResponseWriter, r *http.Request) {
	fs, err := s.svc.Submissions.Settings(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, fs)
}
