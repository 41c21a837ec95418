package mail

import (
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindWaitlistOffer is the outbox kind of a waiting-list offer.
const KindWaitlistOffer = "waitlist-offer"

// WaitlistOfferURL returns the page of the offer with token.
func (c Composer) WaitlistOfferURL(token string) string {
	return c.base() + "/waitlist/offers/" + token
}

// WaitlistOffer writes the e-mail offering o's held seats to the next
// person on a waiting list, in their language: the screening, its start in
// the festival's zone, the seats, the link and until when it holds them.
// It fits marquee.ComposeWaitlistOffer.
func (c Composer) WaitlistOffer(o *marquee.WaitlistOfferMail) marquee.Mail {
	lang := Language(o.Language)
	sc := o.Screening
	deadline := o.ExpiresAt.In(marquee.ZoneLocation(sc.TimeZone))
	vars := locale.Vars{
		"title":    oneLine(sc.Title),
		"festival": oneLine(sc.FestivalName),
		"venue":    oneLine(sc.Venue),
		"when":     screeningWhen(sc, lang),
		"count":    strconv.Itoa(o.Quantity),
		"until":    FormatDate(deadline.Format("2006-01-02"), lang) + " " + deadline.Format("15:04"),
		"link":     c.WaitlistOfferURL(o.Token),
	}
	if o.Guest {
		vars["link"] = c.GuestWaitlistOfferURL(o.Token)
	}
	var b strings.Builder
	b.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	b.WriteString(locale.Format(lang, "Seats have come back for {title} at {festival}, and you are next on the waiting list.", vars) + "\n\n")
	for _, line := range []string{
		locale.Format(lang, "When: {when}", vars),
		locale.Format(lang, "Venue: {venue}", vars),
		locale.Format(lang, "Tickets: {count}", vars),
	} {
		b.WriteString(line + "\n")
	}
	b.WriteString("\n" + locale.Format(lang, "We hold them for you until {until}. Take them here:", vars) + "\n" + vars["link"] + "\n\n")
	b.WriteString(locale.Text(lang, "If you do not take them in time, they go to the next person on the list.") + "\n\n")
	b.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindWaitlistOffer,
		To:       o.To,
		Subject:  locale.Format(lang, "Seats for you: {title}", vars),
		Body:     b.String(),
		Language: lang,
	}
}
