package server

import "net/http"

// handleScreeningFilmList answers the films a managed festival may
// screen (its submissions that are not withdrawn): {items}.
func (s *Server) handleScreeningFilmList(w http.ResponseWriter, r *http.Request) {
	films, err := s.svc.Tickets.ScreeningFilms(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": films})
}
