package mail

import (
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// KindTicketSelfCancel is the confirmation of a buyer's own cancellation.
const KindTicketSelfCancel = "ticket-self-cancel"

// TicketSelfCancellation writes the confirmation of order o, cancelled
// by its buyer, in the order's language: the screening, the tickets no
// longer valid, and the amount refunded (or that none is, under the
// festival's rule). It fits marquee.ComposeTicketMail.
func (c Composer) TicketSelfCancellation(o *marquee.TicketOrder) marquee.Mail {
	lang := Language(o.Language)
	vars := screeningVars(o, lang)
	vars["refund"] = FormatAmount(o.RefundedCents, o.Currency)
	var b strings.Builder
	b.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	b.WriteString(locale.Format(lang, "You have cancelled your order for {title} at {festival} on {when}.", vars) + "\n\n")
	if o.Quantity == 1 {
		b.WriteString(locale.Text(lang, "Your ticket is no longer valid.") + "\n")
	} else {
		b.WriteString(locale.Format(lang, "Your {count} tickets are no longer valid.", vars) + "\n")
	}
	switch {
	case o.RefundedCents > 0:
		b.WriteString(locale.Format(lang, "{refund} of your payment of {amount} has been refunded to your card.", vars) + "\n")
	case o.AmountCents > 0:
		b.WriteString(locale.Text(lang, "Under the festival's cancellation rule, no refund is due.") + "\n")
	}
	b.WriteString("\n" + locale.Format(lang, "All your tickets: {link}", locale.Vars{"link": c.TicketsURL()}) + "\n\n")
	b.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindTicketSelfCancel,
		To:       o.BuyerEmail,
		Subject:  locale.Format(lang, "Order cancelled: {title}", vars),
		Body:     b.String(),
		Language: lang,
	}
}
