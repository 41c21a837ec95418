package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmStillOrder puts the stills of one of the signed-in user's
// films in a new order: body {"ids": [...]} naming every still once;
// answers {film}.
func (s *Server) handleFilmStillOrder(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFilmNotFound())
		return
	}
	var in marquee.StillOrder
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Films.OrderStills(r.Context(), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
