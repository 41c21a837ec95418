package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningUpdate changes a managed festival's screening: body
// ScreeningInput, 200 ManagedScreening (capacity below the seats sold and
// held is a field error).
func (s *Server) handleScreeningUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	var in marquee.ScreeningInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	m, err := s.svc.Tickets.UpdateScreening(r.Context(), r.PathValue("slug"), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, m)
}
