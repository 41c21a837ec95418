package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestBuyerTaxOnPurchase: the company and VAT id given at checkout are
// stored normalised, read back with the purchase and printed in the
// receipt e-mail; bad ones are refused per field with nothing written and
// the provider not asked; they go out in the export and are cleared when
// the account is deleted (the purchase stays).
func TestBuyerTaxOnPurchase(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(privacyNow)
		u := userWithPassword(t, db, "vat@example.com", "Vat Buyer", "password 123")
		for _, c := range []struct {
			name   string
			tax    marquee.BuyerTax
			fields []string
		}{
			{"bad prefix", marquee.BuyerTax{Company: "ACME GmbH", VATID: "123456789"}, []string{"buyerVatId"}},
			{"too short", marquee.BuyerTax{Company: "ACME GmbH", VATID: "DE1"}, []string{"buyerVatId"}},
			{"too long", marquee.BuyerTax{Company: "ACME GmbH", VATID: "DE12345678901234"}, []string{"buyerVatId"}},
			{"symbols", marquee.BuyerTax{Company: "ACME GmbH", VATID: "DE12345/789"}, []string{"buyerVatId"}},
			{"no company", marquee.BuyerTax{VATID: "DE123456789"}, []string{"buyerCompany"}},
			{"long company", marquee.BuyerTax{Company: strings.Repeat("a", marquee.BuyerCompanyMax+1)}, []string{"buyerCompany"}},
			{"two lines", marquee.BuyerTax{Company: "ACME\nGmbH"}, []string{"buyerCompany"}},
		} {
			_, err := db.Payments.Checkout(as(u), marquee.CheckoutRequest{AmountCents: 10000, Country: "de", PaymentMethod: "pm_card_visa", BuyerTax: c.tax})
			fields := marquee.ErrorFields(err)
			if marquee.ErrorCode(err) != marquee.EInvalid || len(fields) != len(c.fields) {
				t.Errorf("%s: %v (fields %v), want EInvalid on %v", c.name, err, fields, c.fields)
			}
			for _, f := range c.fields {
				if fields[f] == "" {
					t.Errorf("%s: no message for %s (%v)", c.name, f, fields)
				}
			}
		}
		for _, table := range []string{"purchases", "test_payments", "credit_ledger", "mail_outbox"} {
			if n := count(t, db.DB, `SELECT COUNT(*) FROM `+table); n != 0 {
				t.Fatalf("%s has %d rows after refused checkouts", table, n)
			}
		}

		r, err := db.Payments.Checkout(as(u), marquee.CheckoutRequest{AmountCents: 10000, Country: "de", PaymentMethod: "pm_card_visa", Language: "ja",
			BuyerTax: marquee.BuyerTax{Company: "  ACME Filmverleih GmbH ", VATID: "de 123.456-789"}})
		if err != nil {
			t.Fatal(err)
		}
		want := marquee.BuyerTax{Company: "ACME Filmverleih GmbH", VATID: "DE123456789"}
		if r.Purchase.Status != marquee.PurchaseSucceeded || r.Purchase.BuyerTax != want {
			t.Fatalf("purchase %+v", r.Purchase)
		}
		got, err := db.Payments.Purchase(as(u), r.Purchase.ID, "en")
		if err != nil || got.BuyerTax != want {
			t.Fatalf("read back: %+v %v", got, err)
		}
		page, err := db.Payments.Purchases(as(u), marquee.PurchaseFilter{}, "en")
		if err != nil || page.Total != 1 || page.Items[0].BuyerTax != want {
			t.Fatalf("list: %+v %v", page, err)
		}
		receipt := lastMail(t, db, u.Email, mail.KindReceipt)
		if receipt == nil || !strings.Contains(receipt.Body, "会社名：ACME Filmverleih GmbH\nVAT番号：DE123456789\n") {
			t.Fatalf("receipt: %+v", receipt)
		}
		// Without company details the receipt has no such lines.
		plain, err := db.Payments.Checkout(as(u), marquee.CheckoutRequest{AmountCents: 10000, Country: "de", PaymentMethod: "pm_card_visa"})
		if err != nil || plain.Purchase.BuyerTax != (marquee.BuyerTax{}) {
			t.Fatalf("plain: %+v %v", plain, err)
		}
		if m := lastMail(t, db, u.Email, mail.KindReceipt); m == nil || strings.Contains(m.Body, "Company") || strings.Contains(m.Body, "VAT") {
			t.Fatalf("plain receipt: %+v", m)
		}

		// The export carries them.
		if err := db.Privacy.RequestExport(as(u), "en"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Privacy.BuildExports(ctx, 10, mail.Composer{PublicURL: "https://marquee.example"}.DataExport, marquee.MailKept); err != nil {
			t.Fatal(err)
		}
		e, err := db.Privacy.DownloadExport(as(u), linkToken(t, lastMail(t, db, u.Email, marquee.MailKindDataExport), "/account/privacy?export="))
		if err != nil {
			t.Fatal(err)
		}
		rows := unzipJSON(t, e.Data)["purchases.json"]
		if len(rows) != 2 || rows[0]["buyer_company"] != want.Company || rows[0]["buyer_vat_id"] != want.VATID {
			t.Fatalf("exported purchases: %v", rows)
		}

		// Deleting the account clears them; the purchases stay.
		if err := db.Privacy.DeleteAccount(as(u), marquee.AccountDeletion{Password: "password 123"}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM purchases WHERE buyer_company <> '' OR buyer_vat_id <> ''`); n != 0 {
			t.Fatalf("%d purchases keep company details", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM purchases`); n != 2 {
			t.Fatalf("%d purchases left, want 2", n)
		}
	})
}

// TestBuyerTaxOnTicketOrder: a ticket order keeps the company and VAT id
// its buyer gave, the confirmation e-mail prints them, bad ones hold no
// seat and write nothing, and deleting the account clears them.
func TestBuyerTaxOnTicketOrder(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1000)
		u := userWithPassword(t, db, "seats@example.com", "Seat Buyer", "password 123")
		_, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: 2,
			BuyerTax: marquee.BuyerTax{Company: "Kino AB", VATID: "SE-1"}})
		if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)["buyerVatId"] == "" {
			t.Fatalf("bad VAT id: %v (%v)", err, marquee.ErrorFields(err))
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM ticket_orders`); n != 0 {
			t.Fatalf("%d orders after a refused one", n)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("refused order took seats: sold %d held %d", sold, held)
		}

		o, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: 2, Language: "zh",
			BuyerTax: marquee.BuyerTax{Company: "Kino AB", VATID: "se556677889901"}})
		want := marquee.BuyerTax{Company: "Kino AB", VATID: "SE556677889901"}
		if err != nil || o.BuyerTax != want {
			t.Fatalf("order: %+v %v", o, err)
		}
		paid, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "SE", PaymentMethod: "pm_card_visa"})
		if err != nil || paid.Order.Status != marquee.OrderPaid || paid.Order.BuyerTax != want {
			t.Fatalf("paid: %+v %v", paid, err)
		}
		got, err := db.Tickets.Order(as(u), o.ID)
		if err != nil || got.BuyerTax != want {
			t.Fatalf("read back: %+v %v", got, err)
		}
		conf := lastMail(t, db, u.Email, "ticket-confirmation")
		if conf == nil || !strings.Contains(conf.Body, "公司名称：Kino AB\n增值税号：SE556677889901\n") {
			t.Fatalf("confirmation: %+v", conf)
		}

		if err := db.Privacy.DeleteAccount(as(u), marquee.AccountDeletion{Password: "password 123"}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM ticket_orders WHERE buyer_company <> '' OR buyer_vat_id <> ''`); n != 0 {
			t.Fatalf("%d orders keep company details", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM ticket_orders`); n != 1 {
			t.Fatalf("%d orders left, want 1", n)
		}
	})
}
