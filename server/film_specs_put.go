package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmSpecsPut replaces the specs (trailer, technical specs, flags,
// premiere status, screenings and awards) of one of the signed-in user's
// films: body marquee.FilmSpecs, answers {film}.
func (s *Server) handleFilmSpecsPut(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	var in marquee.FilmSpecs
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Films.SetSpecs(r.Context(), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
