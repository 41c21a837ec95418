package mail

import (
	"net/url"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindVerification is the outbox kind of the e-mail that confirms an
// address: the one mail that goes to an address not confirmed yet.
const KindVerification = marquee.MailKindVerification

// VerificationURL returns the page that confirms an address with token.
func (c Composer) VerificationURL(token string) string {
	return c.base() + "/verify-email?token=" + url.QueryEscape(token)
}

// Verification writes the e-mail asking the owner of to to confirm the
// address, in lang: the single-use link, how long it lasts, and that a
// stranger's sign-up can be ignored. It fits marquee.ComposeVerification.
// It carries no text the person signing up chose (not even their name):
// it may reach someone who never signed up. The texts are translated in
// locale/catalog/<lang>/mail_verify.json.
func (c Composer) Verification(to, token, lang string) marquee.Mail {
	lang = Language(lang)
	vars := locale.Vars{
		"email": oneLine(to),
		"link":  c.VerificationURL(token),
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Format(lang, "Someone signed up to Marquee with this address ({email}). To confirm that it is yours, open this link within 24 hours:", vars) + "\n\n")
	body.WriteString(vars["link"] + "\n\n")
	body.WriteString(locale.Text(lang, "Until you confirm it, Marquee sends no other e-mail to this address; your reminders wait and are sent once it is confirmed.") + "\n\n")
	body.WriteString(locale.Text(lang, "If you did not sign up, ignore this e-mail: the account stays unconfirmed and Marquee sends nothing else to this address.") + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindVerification,
		To:       to,
		Subject:  locale.Text(lang, "Confirm your e-mail address for Marquee"),
		Body:     body.String(),
		Language: lang,
	}
}
