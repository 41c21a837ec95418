package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderCancel releases the pending guest order of a link's
// token: 200 {order} (a settled order is answered as it is).
func (s *Server) handleGuestOrderCancel(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	o, err := s.svc.Guests.CancelGuestOrder(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"order": translateOrder(r, o)})
}
