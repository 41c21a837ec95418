package mail

import (
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindDecision is the outbox kind of decision e-mails.
const KindDecision = "decision"

// SubmissionsURL returns the filmmaker's page of submissions.
func (c Composer) SubmissionsURL() string { return c.base() + "/submissions" }

// Decision writes the e-mail telling a filmmaker of the organiser's
// decision on submission s, to address to, in the submission's language:
// the film, festival and category, what was decided (the award's name for
// an award winner), the judges' comments when the organiser shared them,
// and a link to /submissions. It fits marquee.ComposeDecision. The texts
// are translated in locale/catalog/<lang>/mail_submissions.json.
func (c Composer) Decision(s *marquee.Submission, to string) marquee.Mail {
	lang := Language(s.Language)
	vars := locale.Vars{
		"film":     oneLine(s.FilmTitle),
		"festival": oneLine(s.FestivalName),
		"category": oneLine(s.CategoryName),
		"award":    oneLine(s.AwardName),
		"link":     c.SubmissionsURL(),
	}
	var subject, news string
	switch s.Status {
	case marquee.SubmissionInConsideration:
		subject = locale.Format(lang, "{film} is in consideration at {festival}", vars)
		news = locale.Format(lang, "Good news: {festival} is considering {film} in {category}. No final decision has been made yet.", vars)
	case marquee.SubmissionSelected:
		subject = locale.Format(lang, "{film} has been selected by {festival}", vars)
		news = locale.Format(lang, "Congratulations! {festival} has selected {film} in {category}.", vars)
	case marquee.SubmissionNotSelected:
		subject = locale.Format(lang, "{festival}: a decision on {film}", vars)
		news = locale.Format(lang, "Thank you for submitting {film} to {festival}. After careful consideration, it has not been selected in {category} this time.", vars)
	case marquee.SubmissionFinalist:
		subject = locale.Format(lang, "{film} is a finalist at {festival}", vars)
		news = locale.Format(lang, "Congratulations! {film} is a finalist in {category} at {festival}.", vars)
	case marquee.SubmissionAwardWinner:
		subject = locale.Format(lang, "{film} has won {award} at {festival}", vars)
		news = locale.Format(lang, "Congratulations! {film} has won {award} in {category} at {festival}.", vars)
	default: // a status that is no decision: say where it stands
		subject = locale.Format(lang, "{festival}: an update on {film}", vars)
		news = locale.Format(lang, "There is an update on {film} in {category} at {festival}.", vars)
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(news + "\n\n")
	if len(s.Feedback) > 0 {
		body.WriteString(locale.Text(lang, "The festival shared the judges' comments with you:") + "\n\n")
		for _, f := range s.Feedback {
			body.WriteString("> " + strings.ReplaceAll(strings.TrimSpace(f), "\n", "\n> ") + "\n\n")
		}
	}
	body.WriteString(locale.Format(lang, "See all your submissions: {link}", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindDecision,
		To:       to,
		Subject:  subject,
		Body:     body.String(),
		Language: lang,
	}
}
