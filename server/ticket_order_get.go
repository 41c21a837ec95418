package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketOrderGet answers the signed-in buyer's order (others' are 404).
func (s *Server) handleTicketOrderGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	o, err := s.svc.Tickets.Order(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, translateOrder(r, o))
}
