package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSettingsPut changes a managed festival's settings: body
// marquee.SettingsChange, whose fields left out keep their values
// (judgingLocked is accepted but changed only by the lock route); answers
// the saved FestivalSettings.
func (s *Server) handleFestivalSettingsPut(w http.ResponseWriter, r *http.Request) {
	var in marquee.SettingsChange
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	fs, err := s.svc.Submissions.UpdateSettings(r.Context(), r.PathValue("slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, fs)
}
