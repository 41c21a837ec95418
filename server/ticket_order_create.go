package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// ticketOrdersPer10Min bounds the orders one buyer may start in ten minutes.
const ticketOrdersPer10Min = 30

// ticketOrderLimiter counts orders per signed-in buyer.
func (s *Server) ticketOrderLimiter() *keyedLimiter {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "ticket-order-user", ticketOrdersPer10Min, 10*time.Minute)
}

// handleTicketOrderCreate holds seats for the signed-in buyer: body
// {screeningId, quantity}, 201 TicketOrder (pending for 10 minutes, or
// paid at once when free). Not on sale, sold out or too few seats left
// are 409 with a message saying which.
func (s *Server) handleTicketOrderCreate(w http.ResponseWriter, r *http.Request) {
	var req marquee.OrderRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.ticketOrderLimiter().Allow(w, r, strconv.FormatInt(currentUser(r).ID, 10)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many orders. Try again in a few minutes."))
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
