package server

import "net/http"

// handleManageFestivalList answers {items}: the signed-in user's
// festivals, any status, newest first.
func (s *Server) handleManageFestivalList(w http.ResponseWriter, r *http.Request) {
	fs, err := s.svc.Festivals.ListManaged(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": listItems(fs)})
}
