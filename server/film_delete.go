package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmDelete deletes one of the signed-in user's films: 204; 409
// while a submission of it is active.
func (s *Server) handleFilmDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	if err := s.svc.Films.Delete(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
