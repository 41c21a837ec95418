package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmUpdate replaces the details of one of the signed-in user's
// films: {film}.
func (s *Server) handleFilmUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	var d marquee.FilmDetails
	if err := s.decodeJSON(w, r, &d); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Films.Update(r.Context(), id, d)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
