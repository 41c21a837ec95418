package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
)

// handleTicketPDF answers the signed-in buyer's ticket as a PDF
// (mail.TicketPDF: its QR code, screening, time in the festival's zone,
// seat type and holder), in the request's language; anyone else's ticket
// is 404.
func (s *Server) handleTicketPDF(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrTicketNotFound())
		return
	}
	t, err := s.svc.Tickets.Ticket(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeTicketPDF(w, r, t)
}

// writeTicketPDF answers ticket t as a PDF in the request's language.
func (s *Server) writeTicketPDF(w http.ResponseWriter, r *http.Request, t *marquee.Ticket) {
	b, err := mail.TicketPDF(t, "", requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", mail.TicketPDFContentType)
	h.Set("Content-Disposition", `attachment; filename="`+mail.TicketPDFName(t.ID)+`"`)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}
