package mail

import (
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindGuestWaitlist is the outbox kind of the e-mail a visitor confirms
// their place on a waiting list with.
const KindGuestWaitlist = "waitlist-guest-confirm"

// GuestOrderURL returns the page of a guest's order (its link's token).
func (c Composer) GuestOrderURL(token string) string { return c.base() + "/orders/guest/" + token }

// GuestWaitlistURL returns the page that confirms a visitor's place on a
// waiting list, shows it, and leaves the list.
func (c Composer) GuestWaitlistURL(token string) string { return c.base() + "/waitlist/guest/" + token }

// GuestWaitlistOfferURL returns the page of an offer made to a visitor.
func (c Composer) GuestWaitlistOfferURL(token string) string {
	return c.base() + "/waitlist/guest-offers/" + token
}

// GuestWaitlist writes the e-mail whose link confirms a visitor's place on
// a sold-out screening's waiting list (nothing is offered before), in
// their language; the same link later leaves the list. It fits
// marquee.ComposeGuestWaitlistMail.
func (c Composer) GuestWaitlist(m *marquee.GuestWaitlistMail) marquee.Mail {
	lang := Language(m.Language)
	sc := m.Screening
	by := m.ConfirmBy.In(marquee.ZoneLocation(sc.TimeZone))
	vars := locale.Vars{
		"title":    oneLine(sc.Title),
		"festival": oneLine(sc.FestivalName),
		"when":     screeningWhen(sc, lang),
		"count":    strconv.Itoa(m.Quantity),
		"until":    FormatDate(by.Format("2006-01-02"), lang) + " " + by.Format("15:04"),
		"link":     c.GuestWaitlistURL(m.Token),
	}
	var b strings.Builder
	b.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	b.WriteString(locale.Format(lang, "You asked to join the waiting list for {title} at {festival} ({when}, {count} tickets).", vars) + "\n\n")
	b.WriteString(locale.Format(lang, "Confirm your address by {until} to take your place in line:", vars) + "\n" + vars["link"] + "\n\n")
	b.WriteString(locale.Text(lang, "When seats come back we e-mail you an offer. The same link shows your place and takes you off the list.") + "\n\n")
	b.WriteString(locale.Text(lang, "If you did not ask for this, ignore this e-mail: nothing happens without the confirmation.") + "\n\n")
	b.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindGuestWaitlist,
		To:       m.To,
		Subject:  locale.Format(lang, "Confirm your place on the waiting list: {title}", vars),
		Body:     b.String(),
		Language: lang,
	}
}
