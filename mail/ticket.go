package mail

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// The outbox kinds of ticket e-mails.
const (
	KindTicketConfirmation = "ticket-confirmation"
	KindTicketCancellation = "ticket-cancellation"
)

// TicketURL returns the page of ticket id (its QR code).
func (c Composer) TicketURL(id int64) string {
	return c.base() + "/tickets/" + strconv.FormatInt(id, 10)
}

// TicketsURL returns the buyer's tickets page.
func (c Composer) TicketsURL() string { return c.base() + "/tickets" }

// screeningWhen writes a screening's start in its festival's time zone,
// in lang: "Saturday, 14 November 2026, 19:30 (Europe/Paris)".
func screeningWhen(s *marquee.Screening, lang string) string {
	t := s.StartsAt.In(marquee.ZoneLocation(s.TimeZone))
	return locale.Format(lang, "{date}, {time} ({zone})", locale.Vars{
		"date": FormatDate(t.Format("2006-01-02"), lang),
		"time": t.Format("15:04"),
		"zone": s.TimeZone,
	})
}

// screeningVars are the placeholders of a ticket e-mail about o.
func screeningVars(o *marquee.TicketOrder, lang string) locale.Vars {
	return locale.Vars{
		"title":    oneLine(o.Screening.Title),
		"festival": oneLine(o.Screening.FestivalName),
		"venue":    oneLine(o.Screening.Venue),
		"when":     screeningWhen(o.Screening, lang),
		"count":    strconv.Itoa(o.Quantity),
		"amount":   FormatAmount(o.AmountCents, o.Currency),
	}
}

// TicketConfirmation writes the confirmation of paid order o to its buyer
// in the order's language: the screening (its local time in the
// festival's zone), the venue, the amount, and each ticket's code and page
// (where its QR code is), and the company and VAT id the buyer gave, when
// given. It fits marquee.ComposeTicketMail.
func (c Composer) TicketConfirmation(o *marquee.TicketOrder) marquee.Mail {
	lang := Language(o.Language)
	vars := screeningVars(o, lang)
	var b strings.Builder
	b.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	b.WriteString(locale.Format(lang, "Your tickets for {title} at {festival} are confirmed.", vars) + "\n\n")
	for _, line := range []string{
		locale.Format(lang, "Screening: {title}", vars),
		locale.Format(lang, "When: {when}", vars),
		locale.Format(lang, "Venue: {venue}", vars),
		locale.Format(lang, "Tickets: {count}", vars),
		locale.Format(lang, "Amount paid: {amount}", vars),
	} {
		b.WriteString(line + "\n")
	}
	for _, line := range buyerTaxLines(o.BuyerTax, lang) {
		b.WriteString(line + "\n")
	}
	if o.GuestToken != "" {
		// A guest has no account: one link (valid until the screening
		// ends) opens the order, its QR codes, PDFs and calendar file.
		b.WriteString("\n" + locale.Text(lang, "Show each ticket's QR code at the door. Your order's page has them, with the PDF tickets and the calendar file (the link works until the screening ends):") + "\n")
		b.WriteString(c.GuestOrderURL(o.GuestToken) + "\n")
		for i, t := range o.Tickets {
			tv := locale.Vars{"n": strconv.Itoa(i + 1), "code": t.Code}
			b.WriteString(locale.Format(lang, "Ticket {n}: {code}", tv) + "\n")
		}
		b.WriteString("\n" + locale.Text(lang, "Sign up with this address, and once you confirm it the order appears in your tickets.") + "\n\n")
	} else {
		b.WriteString("\n" + locale.Text(lang, "Show each ticket's QR code at the door. Open a ticket's page to see it:") + "\n")
		for i, t := range o.Tickets {
			tv := locale.Vars{"n": strconv.Itoa(i + 1), "code": t.Code, "link": c.TicketURL(t.ID)}
			b.WriteString("\n" + locale.Format(lang, "Ticket {n}: {code}", tv) + "\n" + tv["link"] + "\n")
		}
		b.WriteString("\n" + locale.Format(lang, "All your tickets: {link}", locale.Vars{"link": c.TicketsURL()}) + "\n\n")
	}
	attachments := ticketPDFs(o, lang)
	if len(attachments) > 0 {
		b.WriteString(locale.Text(lang, "Each ticket is also attached as a PDF to print or keep on your phone.") + "\n\n")
	}
	b.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:        KindTicketConfirmation,
		To:          o.BuyerEmail,
		Subject:     locale.Format(lang, "Your tickets: {title}", vars),
		Body:        b.String(),
		Language:    lang,
		Attachments: attachments,
	}
}

// ticketPDFs are the attachments of o's tickets, one PDF each, in lang:
// each is kept in the outbox as its recipe (TicketPDFRecipeType: the
// ticket as JSON, a few hundred bytes) and written by the sender
// (RenderAttachments), so that no PDF is drawn inside the transaction
// that pays the order and holds the screening's seats.
func ticketPDFs(o *marquee.TicketOrder, lang string) []marquee.MailAttachment {
	out := []marquee.MailAttachment{}
	for _, t := range o.Tickets {
		if t.Screening == nil {
			t.Screening = o.Screening
		}
		b, err := json.Marshal(ticketPDFRecipe{Ticket: t, Language: lang})
		if err != nil {
			continue
		}
		out = append(out, marquee.MailAttachment{Filename: TicketPDFName(t.ID), ContentType: TicketPDFRecipeType, Data: b, Size: len(b)})
	}
	return out
}

// TicketCancellation writes the notice that o's screening was cancelled,
// to its buyer in the order's language: its tickets are no longer valid
// and a paid order is refunded. It fits marquee.ComposeTicketMail.
func (c Composer) TicketCancellation(o *marquee.TicketOrder) marquee.Mail {
	lang := Language(o.Language)
	vars := screeningVars(o, lang)
	var b strings.Builder
	b.WriteString(locale.Text(lang, "Hello,") + "\n\n")
	b.WriteString(locale.Format(lang, "We are sorry: {festival} has cancelled the screening of {title} on {when} at {venue}.", vars) + "\n\n")
	if o.Quantity == 1 {
		b.WriteString(locale.Text(lang, "Your ticket is no longer valid.") + "\n")
	} else {
		b.WriteString(locale.Format(lang, "Your {count} tickets are no longer valid.", vars) + "\n")
	}
	if o.AmountCents > 0 {
		b.WriteString(locale.Format(lang, "Your payment of {amount} has been refunded to your card.", vars) + "\n")
	}
	b.WriteString("\n" + locale.Format(lang, "All your tickets: {link}", locale.Vars{"link": c.TicketsURL()}) + "\n\n")
	b.WriteString(locale.Text(lang, "— Marquee, the film festival platform") + "\n")
	return marquee.Mail{
		Kind:     KindTicketCancellation,
		To:       o.BuyerEmail,
		Subject:  locale.Format(lang, "Screening cancelled: {title}", vars),
		Body:     b.String(),
		Language: lang,
	}
}
