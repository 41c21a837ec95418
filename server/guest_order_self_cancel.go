package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestOrderSelfCancel cancels the paid guest order of a link's
// token under its festival's rule, as a signed-in buyer cancels theirs:
// 200 {order}, with refundedCents; 404 for a wrong or expired link; 409
// after the cut-off or when the festival allows none.
func (s *Server) handleGuestOrderSelfCancel(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return
	}
	o, err := s.svc.Guests.SelfCancelGuestOrder(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"order": translateOrder(r, o)})
}
