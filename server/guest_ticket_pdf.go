package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleGuestTicketPDF answers a ticket of the guest order of a link's
// token as a PDF; any other ticket is 404.
func (s *Server) handleGuestTicketPDF(w http.ResponseWriter, r *http.Request) {
	t, ok := s.guestTicket(w, r)
	if ok {
		s.writeTicketPDF(w, r, t)
	}
}

// guestTicket reads the ticket {id} of the guest order {token}.
func (s *Server) guestTicket(w http.ResponseWriter, r *http.Request) (*marquee.Ticket, bool) {
	if !s.allow(w, r, marquee.LimitGuestLink) {
		return nil, false
	}
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrTicketNotFound())
		return nil, false
	}
	t, err := s.svc.Guests.GuestTicket(r.Context(), r.PathValue("token"), id)
	if err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	return t, true
}
