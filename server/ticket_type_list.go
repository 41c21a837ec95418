package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketTypeList lists a managed screening's ticket types with their
// counters: 200 [ManagedTicketType].
func (s *Server) handleTicketTypeList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	l, err := s.svc.TicketOffers.TicketTypes(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}
