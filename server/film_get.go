package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmGet answers one film as the caller (signed in or not) may see
// it: {film}; a film they may not see is 404, as a missing one.
func (s *Server) handleFilmGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	// Signed in or not: a public film is for anyone, so a missing or
	// expired session reads as a visitor's.
	if requestToken(r) != "" {
		if withUser, err := s.withSessionUser(r); err == nil {
			r = withUser
		}
	}
	f, err := s.svc.Films.Get(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
