package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketGet answers the signed-in buyer's ticket (others' are 404
// "Ticket not found").
func (s *Server) handleTicketGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrTicketNotFound())
		return
	}
	t, err := s.svc.Tickets.Ticket(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
