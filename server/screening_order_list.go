package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningOrderList lists a managed screening's orders with their
// lines and attendees: 200 [OrganiserOrder].
func (s *Server) handleScreeningOrderList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	l, err := s.svc.TicketOffers.ScreeningOrders(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}
