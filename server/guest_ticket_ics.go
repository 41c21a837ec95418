package server

import (
	"net/http"

	"github.com/marquee-festival/marquee/mail"
)

// handleGuestTicketICS answers a ticket of the guest order of a link's
// token as an iCalendar file linking to the order's page.
func (s *Server) handleGuestTicketICS(w http.ResponseWriter, r *http.Request) {
	t, ok := s.guestTicket(w, r)
	if !ok {
		return
	}
	base, _ := s.publicAddress(r)
	s.writeTicketICS(w, r, t, mail.Composer{PublicURL: base}.GuestOrderURL(r.PathValue("token")))
}
