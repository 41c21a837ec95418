package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleMovieGet answers one movie of the movies pages, {movie}, in the
// request's language: 404 for an id its catalogue does not have, 503 when
// the movie database cannot be reached.
func (s *Server) handleMovieGet(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitMovies) {
		return
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, marquee.ErrMovieNotFound())
		return
	}
	w.Header().Set("Vary", "Accept-Language")
	m, err := s.svc.Movies.Movie(r.Context(), id, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"movie": m})
}
