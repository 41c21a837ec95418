package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handleTicketOrderCreate holds seats for the signed-in buyer: body
// {screeningId, items: [{ticketTypeId, quantity, attendees}], voucherCode}
// (or the default type's {quantity}), 201 TicketOrder (pending for 10 minutes, or
// paid at once when free). Not on sale, sold out or too few seats left
// are 409 with a message saying which.
func (s *Server) handleTicketOrderCreate(w http.ResponseWriter, r *http.Request) {
	var req marquee.OrderRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitTicketOrder) {
		return
	}
	// A code typed with the order is a code check too.
	if req.VoucherCode != "" && !s.allow(w, r, marquee.LimitVoucherCheck) {
		return
	}
	req.Language = requestLanguage(r)
	o, err := s.svc.Tickets.CreateOrder(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, translateOrder(r, o))
}

// translateOrder puts an order's failure message in the request's
// language when the catalogue knows it.
func translateOrder(r *http.Request, o *marquee.TicketOrder) *marquee.TicketOrder {
	if o != nil && o.FailureMessage != "" {
		o.FailureMessage = locale.Text(requestLanguage(r), o.FailureMessage)
	}
	return o
}
