package mail

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
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
// language: the festival, its date (or, for a deadline reminder, the
// category and its deadline), a link to its page when it is on Marquee,
// and where to manage reminders. It fits store.ComposeFunc. The
// texts are translated in locale/catalog/<lang>/mail.json.
func (c Composer) Reminder(r *marquee.Reminder, to string) marquee.Mail {
	lang := Language(r.Language)
	vars := locale.Vars{
		"festival": oneLine(r.FestivalName),
		"date":     FormatDate(r.Date, lang),
		"link":     c.FestivalURL(r.FestivalSlug),
		"manage":   c.ManageURL(),
	}
	var subject, intro string
	switch {
	case r.Tier != "":
		vars["category"] = oneLine(r.CategoryName)
		vars["deadline"] = DeadlineName(r.Tier, lang)
		subject, intro = deadlineReminder(lang, r, vars)
	case r.SentAt != nil && marquee.Today(*r.SentAt) > marquee.Today(r.SendAt):
		// Sent after its day (held until the address was confirmed):
		// "tomorrow" or "in one week" would no longer be true.
		subject = locale.Format(lang, "Reminder: {festival} on {date}", vars)
		intro = locale.Format(lang, "This is your reminder: {festival} takes place on {date}.", vars)
	default:
		subject, intro = onTimeReminder(lang, r.Preference, vars)
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(intro + "\n\n")
	if r.FestivalSlug != "" {
		body.WriteString(locale.Format(lang, "Festival page: {link}", vars) + "\n\n")
	}
	body.WriteString(locale.Format(lang, "You asked Marquee for this reminder. To see or delete your reminders, visit {manage}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindReminder,
		To:       to,
		Subject:  subject,
		Body:     body.String(),
		Language: lang,
	}
}

// Language returns lang when Marquee speaks it (marquee.Languages), else
// the fallback, English.
func Language(lang string) string {
	if slices.Contains(marquee.Languages, lang) {
		return lang
	}
	return marquee.Languages[0]
}

// The English names of the days of the week and of the months, which
// FormatDate translates (locale/catalog/<lang>/dates.json).
var (
	weekdayNames = [...]string{locale.N("Sunday"), locale.N("Monday"), locale.N("Tuesday"), locale.N("Wednesday"),
		locale.N("Thursday"), locale.N("Friday"), locale.N("Saturday")}
	monthNames = [...]string{locale.N("January"), locale.N("February"), locale.N("March"), locale.N("April"),
		locale.N("May"), locale.N("June"), locale.N("July"), locale.N("August"), locale.N("September"),
		locale.N("October"), locale.N("November"), locale.N("December")}
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
	return locale.Format(lang, "{weekday}, {day} {month} {year}", locale.Vars{
		"weekday": locale.Text(lang, weekdayNames[d.Weekday()]),
		"day":     strconv.Itoa(d.Day()),
		"month":   locale.Text(lang, monthNames[d.Month()-1]),
		"year":    d.Format("2006"),
	})
}

// onTimeReminder returns the subject and opening line of a reminder sent
// on its day, as its preference words it.
func onTimeReminder(lang string, pref marquee.ReminderPreference, vars locale.Vars) (subject, intro string) {
	switch pref {
	case marquee.RemindOneDayBefore:
		subject = locale.Format(lang, "Tomorrow: {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: {festival} takes place tomorrow, {date}.", vars)
	case marquee.RemindOneWeekBefore:
		subject = locale.Format(lang, "In one week: {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: {festival} takes place in one week, on {date}.", vars)
	default: // day-of, and a preference Marquee does not know
		subject = locale.Format(lang, "Today: {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: {festival} takes place today, {date}.", vars)
	}
	return subject, intro
}

// deadlineNames are the English names of the fee tiers' deadlines, which
// DeadlineName translates (locale/catalog/<lang>/discovery.json).
var deadlineNames = map[marquee.DeadlineTier]string{
	marquee.TierEarly:   locale.N("early deadline"),
	marquee.TierRegular: locale.N("regular deadline"),
	marquee.TierLate:    locale.N("late deadline"),
}

// DeadlineName names tier's deadline in lang ("regular deadline",
// 「通常締切」); an unknown tier reads as a deadline.
func DeadlineName(tier marquee.DeadlineTier, lang string) string {
	name, ok := deadlineNames[tier]
	if !ok {
		name = locale.N("deadline")
	}
	return locale.Text(lang, name)
}

// deadlineReminder returns the subject and opening line of a category
// deadline's reminder: as its preference words it when sent on its day,
// else (held until the address was confirmed) with the date alone.
func deadlineReminder(lang string, r *marquee.Reminder, vars locale.Vars) (subject, intro string) {
	if r.SentAt != nil && marquee.Today(*r.SentAt) > marquee.Today(r.SendAt) {
		return locale.Format(lang, "Deadline reminder: {category} at {festival}, {date}", vars),
			locale.Format(lang, "This is your reminder: the {deadline} for {category} at {festival} is {date}.", vars)
	}
	switch r.Preference {
	case marquee.RemindOneDayBefore:
		subject = locale.Format(lang, "Deadline tomorrow: {category} at {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: the {deadline} for {category} at {festival} is tomorrow, {date}.", vars)
	case marquee.RemindOneWeekBefore:
		subject = locale.Format(lang, "Deadline in one week: {category} at {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: the {deadline} for {category} at {festival} is in one week, on {date}.", vars)
	default:
		subject = locale.Format(lang, "Deadline today: {category} at {festival}", vars)
		intro = locale.Format(lang, "This is your reminder: the {deadline} for {category} at {festival} is today, {date}.", vars)
	}
	return subject, intro
}
