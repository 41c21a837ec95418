package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/marquee-festival/marquee/mail"
)

// handleTicketICS answers the signed-in buyer's ticket as an iCalendar
// file: one event for its screening, at the venue, linking to the ticket.
func (s *Server) handleTicketICS(w http.ResponseWriter, r *http.Request) {
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
	base, _ := s.publicAddress(r)
	s.writeTicketICS(w, r, t, mail.Composer{PublicURL: base}.TicketURL(t.ID))
}

// writeTicketICS answers ticket t as an iCalendar file whose event links
// to link (the ticket's page, or a guest's order page).
func (s *Server) writeTicketICS(w http.ResponseWriter, r *http.Request, t *marquee.Ticket, link string) {
	_, host := s.publicAddress(r)
	lang := requestLanguage(r)
	sc := t.Screening
	var c icalendar
	c.raw("BEGIN", "VCALENDAR")
	c.raw("VERSION", "2.0")
	c.raw("PRODID", "-//Marquee//Tickets//EN")
	c.raw("CALSCALE", "GREGORIAN")
	c.raw("METHOD", "PUBLISH")
	c.raw("BEGIN", "VEVENT")
	c.raw("UID", "ticket-"+strconv.FormatInt(t.ID, 10)+"@"+host)
	c.dateTime("DTSTAMP", s.now())
	c.dateTime("DTSTART", sc.StartsAt)
	c.dateTime("DTEND", sc.EndsAt)
	c.text("SUMMARY", sc.Title+" · "+sc.FestivalName)
	c.text("LOCATION", sc.Venue)
	c.text("DESCRIPTION", locale.Format(lang, "Your ticket: {link}", locale.Vars{"link": link}))
	c.raw("URL", link)
	if sc.Status == marquee.ScreeningCancelled {
		c.raw("STATUS", "CANCELLED")
	} else {
		c.raw("STATUS", "CONFIRMED")
	}
	c.raw("END", "VEVENT")
	c.raw("END", "VCALENDAR")
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="marquee-ticket-`+strconv.FormatInt(t.ID, 10)+`.ics"`)
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(c.String()))
}
