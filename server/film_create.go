package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmCreate stores a film project of the signed-in user: 201 {film}.
func (s *Server) handleFilmCreate(w http.ResponseWriter, r *http.Request) {
	var d marquee.FilmDetails
	if err := s.decodeJSON(w, r, &d); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Films.Create(r.Context(), d)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"film": f})
}
