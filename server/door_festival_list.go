package server

import "net/http"

// handleDoorFestivalList answers the festivals where the signed-in user
// is door staff: {items: [{slug, name}]}.
func (s *Server) handleDoorFestivalList(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Tickets.DoorFestivals(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
