package server

import "net/http"

// handleWaiverList answers a managed festival's waiver codes: {items}.
func (s *Server) handleWaiverList(w http.ResponseWriter, r *http.Request) {
	ws, err := s.svc.Submissions.Waivers(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": ws})
}
