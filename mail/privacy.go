package mail

import (
	"net/url"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// ResetPasswordURL returns the page that sets a new password with token.
func (c Composer) ResetPasswordURL(token string) string {
	return c.base() + "/reset-password?token=" + url.QueryEscape(token)
}

// DataExportURL returns the page that downloads the data export of token
// (the signed-in owner only).
func (c Composer) DataExportURL(token string) string {
	return c.base() + "/account/privacy?export=" + url.QueryEscape(token)
}

// PasswordReset writes the e-mail with a password reset link for the
// account at to, in lang: the single-use link, that it lasts an hour, and
// that a request the owner did not make can be ignored. It fits
// marquee.ComposePasswordReset; its texts are translated in
// locale/catalog/<lang>/privacy.json.
func (c Composer) PasswordReset(to, token, lang string) marquee.Mail {
	lang = Language(lang)
	link := c.ResetPasswordURL(token)
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Format(lang, "Someone asked to reset the password of the Marquee account {email}. To choose a new password, open this link within an hour:", locale.Vars{"email": oneLine(to)}) + "\n\n")
	body.WriteString(link + "\n\n")
	body.WriteString(locale.Text(lang, "The link works once. Setting a new password signs you out everywhere.") + "\n\n")
	body.WriteString(locale.Text(lang, "If you did not ask for this, ignore this e-mail: your password stays as it is.") + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     marquee.MailKindPasswordReset,
		To:       to,
		Subject:  locale.Text(lang, "Reset your Marquee password"),
		Body:     body.String(),
		Language: lang,
	}
}

// DataExport writes the e-mail with the link to the data export of the
// account at to, in lang, valid until expires. It fits
// marquee.ComposeDataExport.
func (c Composer) DataExport(to, token, lang string, expires time.Time) marquee.Mail {
	lang = Language(lang)
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Text(lang, "The copy of your data you asked for is ready: a ZIP file of JSON files. Sign in to Marquee and open this link to download it:") + "\n\n")
	body.WriteString(c.DataExportURL(token) + "\n\n")
	body.WriteString(locale.Format(lang, "The link works until {time} (UTC); after that the file is deleted.", locale.Vars{"time": expires.UTC().Format("2006-01-02 15:04")}) + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     marquee.MailKindDataExport,
		To:       to,
		Subject:  locale.Text(lang, "Your Marquee data is ready to download"),
		Body:     body.String(),
		Language: lang,
	}
}
