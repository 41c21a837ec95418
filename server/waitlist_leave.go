package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleWaitlistLeave takes the signed-in buyer's entry off its waiting
// list: 204 (an offer's held seats pass to the next entry).
func (s *Server) handleWaitlistLeave(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrWaitlistEntryNotFound())
		return
	}
	if err := s.svc.Waitlist.LeaveWaitlist(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
