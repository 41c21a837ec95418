package server

import (
	"errors"
	"io"
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmPosterPut stores the request body (the raw image; its type is
// sniffed from the bytes, whatever Content-Type says) as the poster of one
// of the signed-in user's films: {film}; 413 over marquee.PosterMaxBytes,
// 415 for anything but JPEG, PNG or WebP, 429 past the hourly limit.
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
		s.writeError(w, r, marquee.Errorf(marquee.ETooLarge, "The poster must be at most 5 MB"))
		return
	}
	// Read one byte past the limit, so that an oversized body is told
	// from one of exactly the limit without reading it all.
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, marquee.PosterMaxBytes+1))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge) || len(data) > marquee.PosterMaxBytes:
		s.writeError(w, r, marquee.Errorf(marquee.ETooLarge, "The poster must be at most 5 MB"))
		return
	case err != nil:
		s.writeError(w, r, marquee.Errorf(marquee.EInvalid, "The upload was interrupted; please try again"))
		return
	}
	f, err := s.svc.Films.SetPoster(r.Context(), id, data)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
