package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// pathTypeID reads the {typeId} of a ticket type's path.
func pathTypeID(r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("typeId"), 10, 64)
	return id, err == nil && id > 0
}

// handleTicketTypeUpdate changes a ticket type of a managed screening:
// body TicketTypeInput, 200 ManagedTicketType (a quota below the seats
// of the type taken is a field error).
func (s *Server) handleTicketTypeUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	typeID, ok2 := pathTypeID(r)
	if !ok || !ok2 {
		s.writeError(w, r, marquee.ErrTicketTypeNotFound())
		return
	}
	var in marquee.TicketTypeInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.svc.TicketOffers.UpdateTicketType(r.Context(), r.PathValue("slug"), id, typeID, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
