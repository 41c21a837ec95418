package mail

import (
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// The outbox kinds of submission management's e-mails.
const (
	KindEntryStatus = "entry-status"
	KindMessage     = "submission-message"
	KindBulk        = "bulk-message"
)

// ManagementMail returns the composer's e-mails of submission management,
// for store.SubmissionOptions.
func (c Composer) ManagementMail() marquee.ManagementMail {
	return marquee.ManagementMail{EntryStatus: c.EntryStatus, Message: c.Message, Bulk: c.Bulk}
}

// statusName is an organiser's status's name in lang: a preset's own
// translated name, a custom one as the organiser wrote it.
func statusName(lang, name, preset string) string {
	switch preset {
	case marquee.EntryStatusSemiFinalist:
		return locale.Text(lang, "Semi-finalist")
	case marquee.EntryStatusFinalist:
		return locale.Text(lang, "Finalist")
	}
	return oneLine(name)
}

// EntryStatus tells a filmmaker, in the submission's language, that their
// entry s now has the festival's status name, with the organiser's note.
func (c Composer) EntryStatus(s *marquee.Submission, name, preset, note, to string) marquee.Mail {
	lang := Language(s.Language)
	vars := locale.Vars{"film": oneLine(s.FilmTitle), "festival": oneLine(s.FestivalName), "category": oneLine(s.CategoryName),
		"status": statusName(lang, name, preset), "link": c.SubmissionsURL()}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Format(lang, "{festival} has given {film} ({category}) a new status: {status}.", vars) + "\n\n")
	if note = strings.TrimSpace(note); note != "" {
		body.WriteString(note + "\n\n")
	}
	body.WriteString(locale.Format(lang, "See all your submissions: {link}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{Kind: KindEntryStatus, To: to, Language: lang, Body: body.String(),
		Subject: locale.Format(lang, "{festival}: {film} is now {status}", vars)}
}

// Message tells the reader, in lang, of message m in the thread of s:
// the filmmaker (a link to their submissions) or the festival's team
// (toFestival: a link to the festival's submissions).
func (c Composer) Message(s *marquee.Submission, m *marquee.Message, toFestival bool, lang, to string) marquee.Mail {
	lang = Language(lang)
	link := c.SubmissionsURL()
	if toFestival {
		link = c.base() + "/manage/festivals/" + s.FestivalSlug + "/submissions/" + strconv.FormatInt(s.ID, 10)
	}
	vars := locale.Vars{"film": oneLine(s.FilmTitle), "festival": oneLine(s.FestivalName), "link": link}
	subject := locale.Format(lang, "{festival}: a new message about {film}", vars)
	intro := locale.Format(lang, "{festival} wrote about {film}:", vars)
	if toFestival {
		subject = locale.Format(lang, "A filmmaker wrote about {film}", vars)
		intro = locale.Format(lang, "The filmmaker of {film} wrote:", vars)
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n" + intro + "\n\n")
	body.WriteString("> " + strings.ReplaceAll(strings.TrimSpace(m.Body), "\n", "\n> ") + "\n\n")
	body.WriteString(locale.Format(lang, "Reply on Marquee: {link}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{Kind: KindMessage, To: to, Language: lang, Subject: subject, Body: body.String()}
}

// Bulk wraps a festival's bulk message to an entrant in lang: the
// organiser's subject and text as written, between a translated line
// naming the festival and the signature.
func (c Composer) Bulk(festival, subject, text, lang, to string) marquee.Mail {
	lang = Language(lang)
	vars := locale.Vars{"festival": oneLine(festival), "link": c.SubmissionsURL()}
	var body strings.Builder
	body.WriteString(locale.Format(lang, "A message from {festival} to its entrants:", vars) + "\n\n")
	body.WriteString(strings.TrimSpace(text) + "\n\n")
	body.WriteString(locale.Format(lang, "See all your submissions: {link}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{Kind: KindBulk, To: to, Language: lang, Body: body.String(),
		Subject: oneLine(festival) + ": " + oneLine(subject)}
}
