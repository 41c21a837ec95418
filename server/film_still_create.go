package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmStillCreate adds the request body (a raw image, read as a
// poster upload is: spooled, decoded within the poster budget, written
// again in two sizes) as the last still of one of the signed-in user's
// films: {film}. Counted with the poster uploads (LimitPoster).
func (s *Server) handleFilmStillCreate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	if !s.allow(w, r, marquee.LimitPoster) {
		return
	}
	if r.ContentLength > marquee.PosterMaxBytes {
		s.writeError(w, r, marquee.ErrPosterTooLarge())
		return
	}
	upload, discard, err := s.spoolUpload(w, r, marquee.PosterMaxBytes, marquee.ErrPosterTooLarge())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	defer discard()
	f, err := s.svc.Films.AddStill(r.Context(), id, upload)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"film": f})
}
