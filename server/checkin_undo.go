package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCheckInUndo undoes a ticket's check-in at a managed festival (its
// organiser or an admin; door staff get 404): 200 CheckInUndo, audited
// with who and when. A ticket not checked in is 409.
func (s *Server) handleCheckInUndo(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrTicketNotFound())
		return
	}
	u, err := s.svc.CheckInLists.UndoCheckIn(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}
