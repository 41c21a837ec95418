package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketOrderSelfCancel cancels the signed-in buyer's paid order
// under its festival's rule (others' orders are 404): 200 {order}, with
// refundedCents; 409 after the cut-off or when the festival allows none.
func (s *Server) handleTicketOrderSelfCancel(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	o, err := s.svc.TicketSelf.SelfCancelOrder(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"order": translateOrder(r, o)})
}
