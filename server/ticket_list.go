package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleTicketList answers a page of the signed-in buyer's tickets,
// upcoming screenings first: ?page=; Page<Ticket>.
func (s *Server) handleTicketList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	req := marquee.PageRequest{Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.TicketsPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Tickets.Tickets(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
