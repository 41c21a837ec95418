package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCheckInListUpdate renames a managed festival's check-in list and
// replaces its screenings: body {name, screeningIds}, 200 CheckInList.
func (s *Server) handleCheckInListUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrCheckInListNotFound())
		return
	}
	var in marquee.CheckInListInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.svc.CheckInLists.UpdateCheckInList(r.Context(), r.PathValue("slug"), id, in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}
