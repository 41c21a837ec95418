package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCheckIn checks a ticket in at the door: body {screeningId, code}
// or {screeningId, ticketId}; every outcome is 200 CheckInResult. Each
// door (a member of the door staff at a festival) is limited
// (marquee.LimitCheckIn), so that codes cannot be guessed there.
func (s *Server) handleCheckIn(w http.ResponseWriter, r *http.Request) {
	var req marquee.CheckInRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitCheckIn) {
		return
	}
	res, err := s.svc.Tickets.CheckIn(r.Context(), r.PathValue("slug"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
