package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// earningRowsIn returns the festival's rows as "kind source amount currency".
func earningRowsIn(t testing.TB, db *storetest.DB, festivalID int64) []string {
	t.Helper()
	var out []string
	err := db.QueryForTest(context.Background(), `SELECT kind, source, amount_cents, currency FROM festival_earnings WHERE festival_id = ? ORDER BY id`,
		[]any{festivalID}, func(scan func(dest ...any) error) error {
			var k, s, c string
			var a int64
			if err := scan(&k, &s, &a, &c); err != nil {
				return err
			}
			out = append(out, fmt.Sprintf("%s %s %d %s", k, s, a, c))
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTicketCurrencyJPY: an organiser sets the festival to yen (its
// screenings follow), a type at ¥1,500 is 1500 minor units, ¥49 is
// refused; two tickets are ¥3,000 in the order, the provider's payment
// and the earnings ledger, and their refund is taken back in yen. Once
// sold, the currency cannot change; an unsupported one is refused; a
// second organiser can change nothing. The festival's balances never add
// yen to dollars.
func TestTicketCurrencyJPY(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newEarnFixture(t, db)
		other := newOrganiser(t, db, "stranger@example.com")
		if _, err := db.Tickets.SetCurrency(as(other), f.fest.Slug, "jpy"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("second organiser: %v", err)
		}
		if _, err := db.Tickets.SetCurrency(as(f.org), f.fest.Slug, "gbp"); marquee.ErrorFields(err)["currency"] != "Choose a supported currency: USD, EUR, JPY or CNY" {
			t.Fatalf("gbp: %v", err)
		}
		cur, err := db.Tickets.SetCurrency(as(f.org), f.fest.Slug, "JPY")
		if err != nil || cur != "jpy" {
			t.Fatalf("set jpy: %q %v", cur, err)
		}
		list, err := db.Tickets.ManagedScreenings(as(f.org), f.fest.Slug)
		if err != nil || list.Currency != "jpy" || len(list.Items) != 1 || list.Items[0].Currency != "jpy" {
			t.Fatalf("screenings: %+v %v", list, err)
		}
		if _, err := db.Tickets.CreateTicketType(as(f.org), f.fest.Slug, f.screening.ID, marquee.TicketTypeInput{Name: "Full", PriceCents: 49}); marquee.ErrorFields(err)["priceCents"] != "A paid ticket costs at least ¥50" {
			t.Fatalf("¥49: %v", err)
		}
		tt, err := db.Tickets.CreateTicketType(as(f.org), f.fest.Slug, f.screening.ID, marquee.TicketTypeInput{Name: "Full", PriceCents: 1500})
		if err != nil {
			t.Fatal(err)
		}
		buyer := newOrganiser(t, db, "buyer@example.com")
		o, err := db.Tickets.CreateOrder(as(buyer), marquee.OrderRequest{ScreeningID: f.screening.ID, Items: []marquee.OrderItem{{TicketTypeID: tt.ID, Quantity: 2}}})
		if err != nil {
			t.Fatal(err)
		}
		if o.AmountCents != 3000 || o.Currency != "jpy" {
			t.Fatalf("order %d %s", o.AmountCents, o.Currency)
		}
		if _, err := db.Tickets.PayOrder(as(buyer), o.ID, marquee.TicketPayRequest{Country: "JP", PaymentMethod: "pm_card_visa"}); err != nil {
			t.Fatal(err)
		}
		// The test mode's record of the payment: ¥3,000 in yen, not cents.
		var amount int64
		var currency string
		if err := db.QueryForTest(context.Background(), `SELECT amount_cents, currency FROM ticket_orders WHERE id = ?`, []any{o.ID},
			func(scan func(...any) error) error { return scan(&amount, &currency) }); err != nil || amount != 3000 || currency != "jpy" {
			t.Fatalf("stored order %d %s %v", amount, currency, err)
		}
		if _, err := db.Tickets.SetCurrency(as(f.org), f.fest.Slug, "usd"); marquee.ErrorFields(err)["currency"] != "The currency cannot change once tickets have been sold" {
			t.Fatalf("change after a sale: %v", err)
		}
		// 8.5 % of ¥3,000 is ¥255.
		want := []string{fmt.Sprintf("ticket ticket_order:%d 3000 jpy", o.ID), fmt.Sprintf("commission ticket_order:%d -255 jpy", o.ID)}
		if got := earningRowsIn(t, db, f.fest.ID); !slices.Equal(got, want) {
			t.Fatalf("rows %v, want %v", got, want)
		}
		rep, err := db.Earnings.FestivalEarnings(as(f.org), f.fest.Slug, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if rep.Currency != "jpy" || rep.Statement.Currency != "jpy" || rep.Balance.PendingCents != 2745 || rep.Statement.TicketCents != 3000 ||
			len(rep.Balances) != 1 || rep.Balances[0].Currency != "jpy" {
			t.Fatalf("report %+v", rep)
		}
		if _, err := db.Tickets.AdminRefundOrder(f.admin, o.ID); err != nil {
			t.Fatal(err)
		}
		got := earningRowsIn(t, db, f.fest.ID)
		for _, w := range []string{fmt.Sprintf("refund ticket_order:%d -3000 jpy", o.ID), fmt.Sprintf("commission_reversal ticket_order:%d 255 jpy", o.ID)} {
			if !slices.Contains(got, w) {
				t.Fatalf("rows %v lack %q", got, w)
			}
		}
		// An entry fee is paid in credits (US dollars): a second balance.
		grant(t, db.DB, f.maker.ID, 100)
		f.submit(t, f.maker, f.film, "", 0)
		bals, err := db.FestivalEarningsBalancesForTest(context.Background(), f.fest.ID, earnNow)
		if err != nil || len(bals) != 2 || bals[0].Currency != "jpy" || bals[0].PendingCents != 0 || bals[1].Currency != "usd" || bals[1].PendingCents != 800-68 {
			t.Fatalf("balances %+v %v", bals, err)
		}
		rep, err = db.Earnings.FestivalEarnings(as(f.org), f.fest.Slug, "", "usd")
		if err != nil || rep.Currency != "usd" || rep.Statement.EntryFeeCents != 800 || rep.Statement.TicketCents != 0 || !slices.Equal(rep.Currencies, []string{"jpy", "usd"}) {
			t.Fatalf("usd statement %+v %v", rep, err)
		}
		if _, err := db.Earnings.FestivalEarnings(as(f.org), f.fest.Slug, "", "xyz"); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("xyz statement: %v", err)
		}
	})
}

// TestPayoutsPerCurrency: a festival with dollars and yen available is
// paid one payout per currency, each of its own balance, never their sum;
// another festival in dollars keeps its own balance.
func TestPayoutsPerCurrency(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(payoutNow)
		_, f := payoutFestival(t, db, "org@example.com", "Yen Fest", false)
		_, g := payoutFestival(t, db, "org2@example.com", "Dollar Fest", false)
		now := db.Clock.Now()
		add := func(id, cents int64, cur, source string) {
			if _, err := db.AppendFestivalEarningsForTest(context.Background(), marquee.FestivalEarning{FestivalID: id, Kind: marquee.EarningTicket,
				AmountCents: cents, Currency: cur, Source: source, AvailableAt: now.Add(-1), CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		add(f.ID, 3000, "jpy", "ticket_order:1")
		add(f.ID, 1250, "usd", "ticket_order:2")
		add(g.ID, 5000, "usd", "ticket_order:3")
		if _, err := db.Payouts.PayNow(adminCtx(t, db), f.Slug); err != nil {
			t.Fatal(err)
		}
		var got []string
		if err := db.QueryForTest(context.Background(), `SELECT amount_cents, currency, status FROM payouts WHERE festival_id = ? ORDER BY currency`, []any{f.ID},
			func(scan func(...any) error) error {
				var a int64
				var c, s string
				if err := scan(&a, &c, &s); err != nil {
					return err
				}
				got = append(got, fmt.Sprintf("%d %s %s", a, c, s))
				return nil
			}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, []string{"3000 jpy paid", "1250 usd paid"}) {
			t.Fatalf("payouts %v", got)
		}
		bals, err := db.FestivalEarningsBalancesForTest(context.Background(), f.ID, now)
		if err != nil || len(bals) != 2 || bals[0] != (marquee.CurrencyBalance{Currency: "jpy", EarningsBalance: marquee.EarningsBalance{PaidCents: 3000}}) ||
			bals[1] != (marquee.CurrencyBalance{Currency: "usd", EarningsBalance: marquee.EarningsBalance{PaidCents: 1250}}) {
			t.Fatalf("balances %+v %v", bals, err)
		}
		if b := balance(t, db, g.ID); b != (marquee.EarningsBalance{AvailableCents: 5000}) {
			t.Fatalf("other festival %+v", b)
		}
	})
}
