package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketTypeCreate adds a ticket type to a managed screening: body
// TicketTypeInput, 201 ManagedTicketType.
func (s *Server) handleTicketTypeCreate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	var in marquee.TicketTypeInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.svc.TicketOffers.CreateTicketType(r.Context(), r.PathValue("slug"), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}
