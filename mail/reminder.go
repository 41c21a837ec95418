package mail

import (
	"net/url"
	"strings"

	"github.com/marquee-festival/marquee"
)

// KindReminder is the outbox kind of reminder e-mails.
const KindReminder = "reminder"

// Composer writes Marquee's e-mails; links point at PublicURL.
type Composer struct {
	// PublicURL is the site's address as users reach it (MARQUEE_PUBLIC_URL),
	// such as https://marquee.example; empty means DefaultPublicURL.
	PublicURL string
}

func (c Composer) base() string {
	if c.PublicURL == "" {
		return DefaultPublicURL
	}
	return strings.TrimRight(c.PublicURL, "/")
}

// FestivalURL returns the public page of the festival with slug.
func (c Composer) FestivalURL(slug string) string {
	return c.base() + "/festival/" + url.PathEscape(slug)
}

// ManageURL returns the page where users see and delete their reminders.
func (c Composer) ManageURL() string { return c.base() + "/manage" }

// Reminder writes the e-mail for reminder r, to address to, in r's
// language: the festival, its date, a link to its page when it is on
// Marquee, and where to manage reminders. It fits store.ComposeFunc.
func (c Composer) Reminder(r *marquee.Reminder, to string) marquee.Mail {
	lang := Language(r.Language)
	pref := string(r.Preference)
	if _, ok := r.Preference.DaysBefore(); !ok {
		pref = string(marquee.RemindDayOf)
	}
	fill := strings.NewReplacer(
		"{festival}", oneLine(r.FestivalName),
		"{date}", FormatDate(r.Date, lang),
		"{link}", c.FestivalURL(r.FestivalSlug),
		"{manage}", c.ManageURL(),
	).Replace
	var body strings.Builder
	body.WriteString(fill(text(lang, "reminder.greeting")) + "\n\n")
	body.WriteString(fill(text(lang, "reminder.intro."+pref)) + "\n\n")
	if r.FestivalSlug != "" {
		body.WriteString(fill(text(lang, "reminder.link")) + "\n\n")
	}
	body.WriteString(fill(text(lang, "reminder.manage")) + "\n\n")
	body.WriteString(fill(text(lang, "signature")) + "\n")
	return marquee.Mail{
		Kind:     KindReminder,
		To:       to,
		Subject:  fill(text(lang, "reminder.subject."+pref)),
		Body:     body.String(),
		Language: lang,
	}
}

// Language returns lang when Marquee writes mail in it, else "en".
func Language(lang string) string {
	if _, ok := templates[lang]; ok {
		return lang
	}
	return "en"
}

var (
	jaWeekdays = [...]string{"日", "月", "火", "水", "木", "金", "土"}
	zhWeekdays = [...]string{"星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"}
)

// FormatDate writes the ISO date (YYYY-MM-DD) the way lang's readers
// expect it, with the day of the week: "Saturday, 14 November 2026",
// "2026年11月14日（土）", "2026年11月14日（星期六）". A date that does not
// parse is returned as it is.
func FormatDate(date, lang string) string {
	d, ok := marquee.ParseDate(date)
	if !ok {
		return date
	}
	switch lang {
	case "ja":
		return d.Format("2006年1月2日") + "（" + jaWeekdays[d.Weekday()] + "）"
	case "zh":
		return d.Format("2006年1月2日") + "（" + zhWeekdays[d.Weekday()] + "）"
	}
	return d.Format("Monday, 2 January 2006")
}
