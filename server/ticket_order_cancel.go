package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketOrderCancel releases the signed-in buyer's pending order's
// hold: 200 {order}.
func (s *Server) handleTicketOrderCancel(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	o, err := s.svc.Tickets.CancelOrder(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"order": translateOrder(r, o)})
}
