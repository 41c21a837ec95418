package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestAdminTicketOrders: admins list everyone's ticket orders, refund a
// paid one whole (money through the provider under its refund key,
// tickets, seats, audit), and the dashboard counts ticket income apart
// from credit purchases, taking a refund back; the rollup equals the
// orders, and the migration's backfill rebuilds it.
func TestAdminTicketOrders(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		ctx := context.Background()
		fp := newFakeProvider()
		svc, err := store.NewServices(base.DB, store.Options{Clock: base.Clock.Now, Password: storetest.FastPasswords,
			Payments: store.PaymentOptions{Provider: fp}})
		if err != nil {
			t.Fatal(err)
		}
		db := &storetest.DB{DB: base.DB, Services: svc, Clock: base.Clock}
		fx := newTicketFixture(t, db, 10, 1200)
		admin := adminCtx(t, db)
		u := fx.buyer(t, "b@example.com")
		pay := func(o *marquee.TicketOrder, ref string) {
			t.Helper()
			if _, err := db.Payments.Settle(ctx, marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: ref, TicketOrderID: o.ID, AmountCents: o.AmountCents}); err != nil {
				t.Fatal(err)
			}
		}
		a := fx.order(t, u, 2)
		pay(a, "pi_a")
		held := fx.order(t, fx.buyer(t, "c@example.com"), 1)
		c := fx.order(t, u, 1)
		pay(c, "pi_c")

		page, err := db.Tickets.AdminOrders(admin, marquee.TicketOrderFilter{PageRequest: marquee.PageRequest{Page: 1}})
		if err != nil || page.Total != 3 || len(page.Items) != 3 {
			t.Fatalf("admin list: %+v %v", page, err)
		}
		if o := page.Items[0]; o.ID != c.ID || !o.Refundable || o.UserEmail != "b@example.com" || o.FestivalSlug != fx.fest.Slug ||
			o.ScreeningTitle != "Opening night" || o.AmountCents != 1200 || o.PaidAt == nil {
			t.Fatalf("newest first, with buyer and screening: %+v", o)
		}
		if o := page.Items[1]; o.ID != held.ID || o.Refundable || o.Status != marquee.OrderPending {
			t.Fatalf("a hold is not refundable: %+v", o)
		}
		paid, err := db.Tickets.AdminOrders(admin, marquee.TicketOrderFilter{Status: marquee.OrderPaid, PageRequest: marquee.PageRequest{Page: 1}})
		if err != nil || paid.Total != 2 {
			t.Fatalf("paid only: %+v %v", paid, err)
		}
		_, err = db.Tickets.AdminOrders(as(u), marquee.TicketOrderFilter{})
		wantCode(t, err, marquee.EForbidden)
		_, err = db.Tickets.AdminRefundOrder(as(u), a.ID)
		wantCode(t, err, marquee.EForbidden)

		tickets := func(cents, orders int64) {
			t.Helper()
			d, err := db.Users.Dashboard(admin)
			if err != nil {
				t.Fatal(err)
			}
			exact := count(t, db.DB, `SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM ticket_orders WHERE status = 'paid' AND amount_cents > 0`)
			if d.TicketIncomeCents != cents || d.TicketOrders != orders || exact != cents || d.TotalIncomeCents != 0 {
				t.Fatalf("dashboard tickets %d in %d orders (credits %d), want %d in %d; the orders hold %d",
					d.TicketIncomeCents, d.TicketOrders, d.TotalIncomeCents, cents, orders, exact)
			}
			if m := d.TicketIncomeByMonth[11]; m.Month != "2026-03" || m.AmountCents != cents {
				t.Fatalf("this month's ticket income %+v, want %d", m, cents)
			}
		}
		tickets(3600, 2)

		// The provider does not answer: nothing recorded, 503.
		fp.refundDown = true
		_, err = db.Tickets.AdminRefundOrder(admin, a.ID)
		wantCode(t, err, marquee.EUnavailable)
		tickets(3600, 2)
		fp.refundDown = false

		o, err := db.Tickets.AdminRefundOrder(admin, a.ID)
		if err != nil || o.Status != marquee.OrderRefunded || o.Refundable || o.RefundedAt == nil {
			t.Fatalf("refund: %+v %v", o, err)
		}
		if fp.refunds["pi_a"] != marquee.TicketRefundKey(a.ID) {
			t.Fatalf("provider refunds %v", fp.refunds)
		}
		got, _ := db.Tickets.Order(as(u), a.ID)
		for _, tk := range got.Tickets {
			if tk.Status != marquee.TicketRefunded {
				t.Fatalf("ticket after the refund: %+v", tk)
			}
		}
		if sold, h := fx.seats(t); sold != 1 || h != 1 {
			t.Fatalf("seats after the refund: sold %d, held %d", sold, h)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ? AND festival_id = ?`, string(marquee.AuditTicketOrderRefund), fx.fest.ID); n != 1 {
			t.Fatalf("%d audit entries", n)
		}
		tickets(1200, 1)
		_, err = db.Tickets.AdminRefundOrder(admin, a.ID)
		wantCode(t, err, marquee.EConflict)
		_, err = db.Tickets.AdminRefundOrder(admin, held.ID)
		wantCode(t, err, marquee.EConflict)
		_, err = db.Tickets.AdminRefundOrder(admin, 99999)
		wantCode(t, err, marquee.ENotFound)

		// The migration's backfill builds the same figures from the orders.
		if err := db.MigrateDownToForTest(ctx, 26); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		tickets(1200, 1)
		// A cancelled screening's refund leaves the dashboard too.
		if _, err := db.Tickets.CancelScreening(as(fx.org), fx.fest.Slug, fx.screening.ID); err != nil {
			t.Fatal(err)
		}
		tickets(0, 0)
	})
}
