package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestWaitlistJoin e-mails a visitor the link that confirms their
// place on a sold-out screening's waiting list: body {email, quantity},
// 202 {sent: true} whether or not the address waits already. Seats on sale
// are 409. Limited per network (marquee.LimitWaitlist) and per address
// (marquee.LimitGuestAddress).
func (s *Server) handleGuestWaitlistJoin(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrScreeningNotFound())
		return
	}
	var req marquee.GuestWaitlistRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitWaitlist) || !s.allow(w, r, marquee.LimitGuestAddress, marquee.RateLimitAccount(req.Email)) {
		return
	}
	req.ScreeningID, req.Language = id, requestLanguage(r)
	if err := s.svc.Guests.JoinGuestWaitlist(r.Context(), req); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, marquee.GuestWaitlistSent{Sent: true})
}
