package mail

import (
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// TestBuyerTaxMailsGolden pins the receipt and the ticket confirmation of
// a buyer who gave a company and VAT id, in each language Marquee writes:
// the company's line and the VAT id's follow the buyer (the screening's
// lines on a confirmation). A line break typed into the company comes out
// on one line. (Without them the receipts and confirmations are
// receipt_mails.txt and ticket_mails.txt, which have no such lines.)
func TestBuyerTaxMailsGolden(t *testing.T) {
	var out strings.Builder
	c := Composer{PublicURL: "https://marquee.example/"}
	tax := marquee.BuyerTax{Company: "ACME\nFilmverleih GmbH", VATID: "DE123456789"}
	for _, lang := range []string{"en", "ja", "zh"} {
		p := receiptPurchase(lang)
		p.BuyerTax = tax
		o := ticketOrder(lang)
		o.BuyerTax = tax
		for _, m := range []marquee.Mail{c.Receipt(p), c.TicketConfirmation(o)} {
			fmt.Fprintf(&out, "=== lang=%q\nKind: %s\nSubject: %s\n\n%s", lang, m.Kind, m.Subject, m.Body)
		}
	}
	golden(t, "buyer_tax_mails.txt", out.String())
}

// TestBuyerTaxLines: only what was given is printed.
func TestBuyerTaxLines(t *testing.T) {
	for _, tc := range []struct {
		tax  marquee.BuyerTax
		want []string
	}{
		{marquee.BuyerTax{}, nil},
		{marquee.BuyerTax{Company: "Kino AB"}, []string{"Company: Kino AB"}},
		{marquee.BuyerTax{Company: "Kino AB", VATID: "SE556677889901"}, []string{"Company: Kino AB", "VAT ID: SE556677889901"}},
	} {
		got := buyerTaxLines(tc.tax, "en")
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%+v: %q, want %q", tc.tax, got, tc.want)
		}
	}
	p := receiptPurchase("en")
	if m := (Composer{}).Receipt(p); strings.Contains(m.Body, "Company") || strings.Contains(m.Body, "VAT") {
		t.Fatalf("a receipt without company details names them:\n%s", m.Body)
	}
}
