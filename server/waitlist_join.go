package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleWaitlistJoin puts the signed-in buyer on a sold-out screening's
// waiting list: body {quantity}, 201 WaitlistEntry (the open entry when
// they are on it already). Seats still on sale are 409. Each client is
// limited (marquee.LimitWaitlist).
func (s *Server) handleWaitlistJoin(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	var req marquee.WaitlistJoinRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitWaitlist) {
		return
	}
	req.ScreeningID, req.Language = id, requestLanguage(r)
	e, err := s.svc.Waitlist.JoinWaitlist(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, e)
}
