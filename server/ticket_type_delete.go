package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketTypeDelete removes a ticket type no order used: 204; the
// default type or one with orders is 409.
func (s *Server) handleTicketTypeDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	typeID, ok2 := pathTypeID(r)
	if !ok || !ok2 {
		s.writeError(w, r, marquee.ErrTicketTypeNotFound())
		return
	}
	if err := s.svc.TicketOffers.DeleteTicketType(r.Context(), r.PathValue("slug"), id, typeID); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
