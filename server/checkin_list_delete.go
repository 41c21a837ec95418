package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCheckInListDelete removes a managed festival's check-in list: 204.
func (s *Server) handleCheckInListDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrCheckInListNotFound())
		return
	}
	if err := s.svc.CheckInLists.DeleteCheckInList(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
