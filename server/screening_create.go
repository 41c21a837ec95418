package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningCreate adds a screening to a managed festival: body
// ScreeningInput (local times in the festival's zone), 201 ManagedScreening.
func (s *Server) handleScreeningCreate(w http.ResponseWriter, r *http.Request) {
	var in marquee.ScreeningInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	m, err := s.svc.Tickets.CreateScreening(r.Context(), r.PathValue("slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, m)
}
