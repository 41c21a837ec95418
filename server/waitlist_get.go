package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleWaitlistGet answers the signed-in buyer's open entry on a
// screening's waiting list: 200 WaitlistEntry, or 404 when none.
func (s *Server) handleWaitlistGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrWaitlistEntryNotFound())
		return
	}
	e, err := s.svc.Waitlist.MyWaitlistEntry(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, e)
}
