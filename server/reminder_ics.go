package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/marquee-festival/marquee/mail"
)

// handleRemindersICS answers the signed-in user's reminders as an
// iCalendar file: one all-day event per festival date (or category
// deadline), with an alarm at
// the moment the reminder e-mail is due. Texts follow the request's language
// (locale/catalog/<lang>/calendar.json, and the e-mail's subject).
func (s *Server) handleRemindersICS(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Reminders.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	base, host := s.publicAddress(r)
	lang := requestLanguage(r)
	composer := mail.Composer{PublicURL: base}
	now := s.now()

	var c icalendar
	c.raw("BEGIN", "VCALENDAR")
	c.raw("VERSION", "2.0")
	c.raw("PRODID", "-//Marquee//Festival reminders//EN")
	c.raw("CALSCALE", "GREGORIAN")
	c.raw("METHOD", "PUBLISH")
	c.text("X-WR-CALNAME", locale.Text(lang, "Marquee reminders"))
	for _, rem := range items {
		start, ok := marquee.ParseDate(rem.Date)
		if !ok {
			continue // stored dates are validated; never a broken event
		}
		c.raw("BEGIN", "VEVENT")
		c.raw("UID", strconv.FormatInt(rem.ID, 10)+"@"+host)
		c.dateTime("DTSTAMP", now)
		c.dateTime("CREATED", rem.CreatedAt)
		c.raw("DTSTART;VALUE=DATE", start.Format(icalDate))
		c.raw("DTEND;VALUE=DATE", start.AddDate(0, 0, 1).Format(icalDate))
		summary := rem.FestivalName
		if rem.Tier != "" { // a category's deadline: the event is that day
			summary = locale.Format(lang, "{festival}: {deadline} for {category}", locale.Vars{
				"festival": rem.FestivalName, "deadline": mail.DeadlineName(rem.Tier, lang), "category": rem.CategoryName})
		}
		c.text("SUMMARY", summary)
		if rem.FestivalSlug != "" {
			c.raw("URL", composer.FestivalURL(rem.FestivalSlug))
		}
		c.raw("TRANSP", "TRANSPARENT")
		c.raw("BEGIN", "VALARM")
		c.raw("ACTION", "DISPLAY")
		shown := *rem
		shown.Language = lang
		c.text("DESCRIPTION", composer.Reminder(&shown, "").Subject)
		c.dateTime("TRIGGER;VALUE=DATE-TIME", rem.SendAt)
		c.raw("END", "VALARM")
		c.raw("END", "VEVENT")
	}
	c.raw("END", "VCALENDAR")

	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="marquee-reminders.ics"`)
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(c.String()))
}

// publicAddress returns the site's base URL (no trailing slash) and host
// name: MARQUEE_PUBLIC_URL when set, else the request's own address.
func (s *Server) publicAddress(r *http.Request) (base, host string) {
	if s.cfg.PublicURL != "" {
		if u, err := url.Parse(s.cfg.PublicURL); err == nil && u.Host != "" {
			return strings.TrimRight(s.cfg.PublicURL, "/"), u.Hostname()
		}
	}
	scheme := "http"
	if s.isTLS(r) {
		scheme = "https"
	}
	u := &url.URL{Scheme: scheme, Host: r.Host}
	if u.Hostname() == "" || strings.ContainsAny(r.Host, "/\\@ \t\r\n") {
		u.Host = "localhost"
	}
	return u.String(), u.Hostname()
}
