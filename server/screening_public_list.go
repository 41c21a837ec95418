package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningPublicList answers an approved festival's scheduled
// screenings that have not ended: {timeZone, items} (public, rate limited).
func (s *Server) handleScreeningPublicList(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitScreenings) {
		return
	}
	list, err := s.svc.Tickets.FestivalScreenings(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
