package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCheckInListCreate adds a check-in list to a managed festival:
// body {name, screeningIds}, 201 CheckInList.
func (s *Server) handleCheckInListCreate(w http.ResponseWriter, r *http.Request) {
	var in marquee.CheckInListInput
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.svc.CheckInLists.CreateCheckInList(r.Context(), r.PathValue("slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, l)
}
