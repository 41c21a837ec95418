package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleScreeningAttendeeNames sets whether a managed screening's buyers
// name each ticket's attendee: body {attendeeNames: off|optional|required},
// 200 {attendeeNames}.
func (s *Server) handleScreeningAttendeeNames(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	var in struct {
		AttendeeNames marquee.AttendeeNames `json:"attendeeNames"`
	}
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	mode, err := s.svc.TicketOffers.SetAttendeeNames(r.Context(), r.PathValue("slug"), id, in.AttendeeNames)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"attendeeNames": mode})
}
