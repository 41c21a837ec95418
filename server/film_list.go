package server

import "net/http"

// handleFilmList answers the signed-in user's films, newest first: {items}.
func (s *Server) handleFilmList(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Films.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
