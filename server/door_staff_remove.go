package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleDoorStaffRemove removes a door staff member of a managed
// festival: 204.
func (s *Server) handleDoorStaffRemove(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("userId"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Door staff member not found"))
		return
	}
	if err := s.svc.Tickets.RemoveDoorStaff(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
