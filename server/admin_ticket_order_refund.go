package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminTicketOrderRefund refunds a paid ticket order whole (its
// money, tickets and seats; marquee.TicketOrderRefundable): 200 {order}.
// An order that is not paid, or free, is the service's 409; a provider
// that does not confirm is 503 with the order still paid (refunding again
// retries); an unknown id is 404.
func (s *Server) handleAdminTicketOrderRefund(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrOrderNotFound())
		return
	}
	o, err := s.svc.Tickets.AdminRefundOrder(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("ticket order refunded", "ticket_order_id", id, "cents", o.AmountCents, "admin_id", currentUser(r).ID)
	translateOrderFailure(r, o)
	writeJSON(w, http.StatusOK, map[string]any{"order": o})
}
