package mail

import (
	"net/url"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindJudgeInvitation is the outbox kind of judge invitations.
const KindJudgeInvitation = "judge-invitation"

// InvitationURL returns the page where the holder of token accepts a
// judge invitation (signing up first when the address has no account).
func (c Composer) InvitationURL(token string) string {
	return c.base() + "/judge/invitations/" + url.PathEscape(token)
}

// JudgeInvitation writes the e-mail inviting address to to judge the
// festival named festivalName, in lang: the link that accepts it, and
// that an address without an account signs up first. It fits
// marquee.ComposeInvitation. The texts are translated in
// locale/catalog/<lang>/mail_judging.json.
func (c Composer) JudgeInvitation(festivalName, to, token, lang string) marquee.Mail {
	lang = Language(lang)
	vars := locale.Vars{
		"festival": oneLine(festivalName),
		"email":    oneLine(to),
		"link":     c.InvitationURL(token),
	}
	var body strings.Builder
	body.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	body.WriteString(locale.Format(lang, "You are invited to judge the submissions of {festival} on Marquee.", vars) + "\n\n")
	body.WriteString(locale.Format(lang, "To accept, open this link: {link}", vars) + "\n\n")
	body.WriteString(locale.Format(lang, "If you have no Marquee account yet, sign up with this address ({email}) first; the link brings you back to the invitation.", vars) + "\n\n")
	body.WriteString(locale.Text(lang, "If you did not expect this invitation, you can ignore this e-mail.") + "\n\n")
	body.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindJudgeInvitation,
		To:       to,
		Subject:  locale.Format(lang, "Invitation to judge {festival}", vars),
		Body:     body.String(),
		Language: lang,
	}
}
