package mail

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// ticketOrder is a paid order of two tickets for a screening in Lisbon in
// summer (UTC+1), in lang.
func ticketOrder(lang string) *marquee.TicketOrder {
	sc := &marquee.Screening{ID: 4, FestivalSlug: "lisbon-shorts", FestivalName: "Lisbon Shorts", Title: "Opening night",
		Venue: "Cinema São Jorge", StartsAt: time.Date(2026, 7, 1, 18, 30, 0, 0, time.UTC), EndsAt: time.Date(2026, 7, 1, 20, 0, 0, 0, time.UTC),
		TimeZone: "Europe/Lisbon", PriceCents: 1250, Currency: "usd"}
	o := &marquee.TicketOrder{ID: 9, Screening: sc, Quantity: 2, AmountCents: 2500, Currency: "usd", Status: marquee.OrderPaid,
		Language: lang, BuyerEmail: "ana@example.com", BuyerName: "Ana"}
	o.Tickets = []*marquee.Ticket{
		{ID: 31, OrderID: 9, Code: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", Screening: sc},
		{ID: 32, OrderID: 9, Code: "234567ABCDEFGHIJKLMNOPQRST", Screening: sc},
	}
	return o
}

func TestComposeTicketConfirmation(t *testing.T) {
	m := Composer{PublicURL: "https://marquee.example"}.TicketConfirmation(ticketOrder("en"))
	for _, want := range []string{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "https://marquee.example/tickets/31", "https://marquee.example/tickets/32",
		"Wednesday, 1 July 2026, 19:30 (Europe/Lisbon)", "Cinema São Jorge", "$25.00"} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
	if m.To != "ana@example.com" || m.Kind != KindTicketConfirmation || m.Subject != "Your tickets: Opening night" {
		t.Fatalf("%+v", m)
	}
}

// TestTicketMailsGolden pins the confirmation and the cancellation, byte
// for byte, in each language Marquee writes and an unknown one (English);
// a free order's cancellation says nothing of a refund.
func TestTicketMailsGolden(t *testing.T) {
	var out strings.Builder
	c := Composer{PublicURL: "https://marquee.example/"}
	for _, lang := range []string{"en", "ja", "zh", "ko"} {
		o := ticketOrder(lang)
		for _, m := range []marquee.Mail{c.TicketConfirmation(o), c.TicketCancellation(o)} {
			fmt.Fprintf(&out, "=== lang=%q\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s", lang, m.Kind, m.To, m.Language, m.Subject, m.Body)
		}
	}
	free := ticketOrder("en")
	free.AmountCents, free.Quantity = 0, 1
	m := c.TicketCancellation(free)
	fmt.Fprintf(&out, "=== free\nSubject: %s\n\n%s", m.Subject, m.Body)
	golden(t, "ticket_mails.txt", out.String())
}
