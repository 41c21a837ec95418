package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleFilmStillDelete removes still {stillId} of one of the signed-in
// user's films: {film}.
func (s *Server) handleFilmStillDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	still, err := strconv.ParseInt(r.PathValue("stillId"), 10, 64)
	if !ok || err != nil || still <= 0 {
		s.writeError(w, r, marquee.ErrStillNotFound())
		return
	}
	f, err := s.svc.Films.DeleteStill(r.Context(), id, still)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"film": f})
}
