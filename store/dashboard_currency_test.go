package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestDashboardTicketCurrencies: a $12.00 and a ¥1,500 ticket sold, then
// a second dollar one refunded: the dashboard's dollar ticket income is
// $12.00 in one order (the yen never added to it), and each currency is
// listed apart; the migration's backfill rebuilds the same figures.
func TestDashboardTicketCurrencies(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		fx := newTicketFixture(t, db, 10, 1200)
		yen := mustCreate(t, db, fx.org, festivalDetails("Yen Days"))
		approve(t, db, yen.ID)
		if _, err := db.Tickets.SetCurrency(as(fx.org), yen.Slug, "jpy"); err != nil {
			t.Fatal(err)
		}
		sc, err := db.Tickets.CreateScreening(as(fx.org), yen.Slug, marquee.ScreeningInput{
			Title: "Yen night", Venue: "Hall 2", StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00",
			Capacity: 10, PriceCents: 1500, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00",
		})
		if err != nil {
			t.Fatal(err)
		}
		u := fx.buyer(t, "b@example.com")
		pay := func(screening int64) *marquee.TicketOrder {
			t.Helper()
			o, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: screening, Quantity: 1})
			if err != nil {
				t.Fatal(err)
			}
			if r, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "US", PaymentMethod: "pm_card_visa"}); err != nil || r.Order.Status != marquee.OrderPaid {
				t.Fatalf("pay: %+v %v", r, err)
			}
			return o
		}
		pay(fx.screening.ID)
		if o := pay(sc.ID); o.Currency != "jpy" || o.AmountCents != 1500 {
			t.Fatalf("yen order %+v", o)
		}
		refunded := pay(fx.screening.ID)
		admin := adminCtx(t, db)
		if _, err := db.Tickets.AdminRefundOrder(admin, refunded.ID); err != nil {
			t.Fatal(err)
		}
		check := func(when string) {
			t.Helper()
			d, err := db.Users.Dashboard(admin)
			if err != nil {
				t.Fatal(err)
			}
			if d.TicketIncomeCents != 1200 || d.TicketOrders != 1 || d.TicketIncomeByMonth[11].AmountCents != 1200 {
				t.Fatalf("%s: dollar tickets %d in %d orders (month %+v), want 1200 in 1", when, d.TicketIncomeCents, d.TicketOrders, d.TicketIncomeByMonth[11])
			}
			want := []marquee.CurrencyIncome{{Currency: "jpy", Orders: 1, AmountCents: 1500}, {Currency: "usd", Orders: 1, AmountCents: 1200}}
			if len(d.TicketIncomeByCurrency) != 2 || d.TicketIncomeByCurrency[0] != want[0] || d.TicketIncomeByCurrency[1] != want[1] {
				t.Fatalf("%s: per currency %+v, want %+v", when, d.TicketIncomeByCurrency, want)
			}
		}
		check("rollup")
		if err := db.MigrateDownToForTest(ctx, 43); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		check("backfill")
	})
}
