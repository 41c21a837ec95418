package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmPosterPut makes the request body (the raw image; its format
// is read from the bytes, whatever Content-Type says) the poster of one
// of the signed-in user's films: {film}. The body is spooled to a
// temporary file, never held in memory; the film service decodes it
// within the process's poster budget and writes it again in two sizes.
// 413 over marquee.PosterMaxBytes or the pixel limit, 415 for anything
// that does not decode as JPEG, PNG, WebP or GIF, 429 past the hourly
// limit or when too many posters are being decoded (Retry-After).
func (s *Server) handleFilmPosterPut(w http.ResponseWriter, r *http.Request) {
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
	f, err := s.svc.Films.SetPoster(r.Context(), id, upload)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
