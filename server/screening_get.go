package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningGet answers a screening of an approved festival (public,
// rate limited); any other is 404 "Screening not found".
func (s *Server) handleScreeningGet(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitScreenings) {
		return
	}
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	sc, err := s.svc.Tickets.Screening(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, sc)
}
