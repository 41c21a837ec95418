package mail

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

func receiptPurchase(lang string) *marquee.Purchase {
	settled := time.Date(2026, 11, 14, 23, 30, 0, 0, time.UTC)
	return &marquee.Purchase{ID: 12, UserID: 3, UserEmail: "ann@example.com", PackageID: "pro", PackageName: "Pro {package}",
		Credits: 100, AmountCents: 10000, Currency: "usd", Country: "JP", Provider: "stripe",
		Reference: "pi_3MtwBwLkdIwHu7ix28a3tqPa", Status: marquee.PurchaseSucceeded, Language: lang,
		CreatedAt: settled.Add(-time.Minute), SettledAt: &settled}
}

func TestComposeReceipt(t *testing.T) {
	m := Composer{PublicURL: "https://marquee.example/"}.Receipt(receiptPurchase("en"))
	if m.Kind != KindReceipt || m.To != "ann@example.com" || m.Language != "en" || m.Subject != "Your Marquee receipt: Pro {package}" {
		t.Fatalf("mail %+v", m)
	}
	for _, want := range []string{
		"Seller: Marquee\n", "Buyer: ann@example.com\n", "Package: Pro {package}\n", "Credits: 100\n", "Amount paid: $100.00\n",
		"Date: Saturday, 14 November 2026\n", "Payment reference: pi_3MtwBwLkdIwHu7ix28a3tqPa\n",
		"https://marquee.example/account/receipts/12\n",
	} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
	// Without a settlement yet, the purchase's own date.
	p := receiptPurchase("ja")
	p.SettledAt = nil
	p.CreatedAt = time.Date(2026, 1, 4, 1, 0, 0, 0, time.FixedZone("JST", 9*3600)) // 3 January in UTC
	if m := (Composer{}).Receipt(p); !strings.Contains(m.Body, "2026年1月3日（土）") || !strings.Contains(m.Body, DefaultPublicURL+"/account/receipts/12") {
		t.Errorf("unsettled purchase:\n%s", m.Body)
	}
}

func TestFormatAmount(t *testing.T) {
	for _, tc := range []struct {
		cents    int64
		currency string
		want     string
	}{
		{2500, "usd", "$25.00"}, {5000, "USD", "$50.00"}, {10000, "", "$100.00"}, {5, "usd", "$0.05"}, {99, "usd", "$0.99"},
		{125000, "usd", "$1,250.00"}, {123456789, "usd", "$1,234,567.89"}, {-2500, "usd", "-$25.00"}, {0, "usd", "$0.00"},
		{2500, "eur", "€25.00"}, {1500, "jpy", "¥1,500"}, {3000, "JPY", "¥3,000"}, {1000000, "jpy", "¥1,000,000"}, {-50, "jpy", "-¥50"},
		{2505, "cny", "CN¥25.05"}, {2500, "gbp", "25.00 GBP"},
	} {
		if got := FormatAmount(tc.cents, tc.currency); got != tc.want {
			t.Errorf("FormatAmount(%d, %q) = %q, want %q", tc.cents, tc.currency, got, tc.want)
		}
	}
}

// TestReceiptMailsGolden pins the receipt e-mail, byte for byte, in each
// language Marquee writes and an unknown one (English). The package's name
// holds a placeholder and a line break, which must come out as text on one
// line.
func TestReceiptMailsGolden(t *testing.T) {
	var out strings.Builder
	for _, lang := range []string{"en", "ja", "zh", "ko"} {
		p := receiptPurchase(lang)
		p.PackageName = "Pro\n{package}"
		m := Composer{PublicURL: "https://marquee.example/"}.Receipt(p)
		fmt.Fprintf(&out, "=== lang=%q\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s", lang, m.Kind, m.To, m.Language, m.Subject, m.Body)
	}
	golden(t, "receipt_mails.txt", out.String())
}
