package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// appendFestivalEarnings is idempotent by (kind, source), and the balance
// splits the rows by available_at and counts payouts less reversals as paid.
func TestEarningsAppendAndBalance(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(subNow)
		org := newOrganiser(t, db, "earn@example.com")
		f := mustCreate(t, db, org, festivalDetails("Earnings Fest"))
		other := mustCreate(t, db, org, festivalDetails("Other Fest"))
		now := payNow
		row := func(fid int64, kind marquee.EarningKind, cents int64, source string, avail time.Time) marquee.FestivalEarning {
			return marquee.FestivalEarning{FestivalID: fid, Kind: kind, AmountCents: cents, Source: source, AvailableAt: avail, CreatedAt: now}
		}
		n, err := db.AppendFestivalEarningsForTest(ctx,
			row(f.ID, marquee.EarningTicket, 10000, "ticket_order:1", now.Add(-time.Hour)),
			row(f.ID, marquee.EarningCommission, -850, "ticket_order:1", now.Add(-time.Hour)),
			row(f.ID, marquee.EarningEntryFee, 2000, "submission:1", now.Add(24*time.Hour)),
			row(f.ID, marquee.EarningCommission, -170, "submission:1", now.Add(24*time.Hour)),
			row(other.ID, marquee.EarningTicket, 500, "ticket_order:2", now),
		)
		if err != nil || n != 5 {
			t.Fatalf("append: %d rows, %v", n, err)
		}
		// The same rows again: nothing appended, nothing moves.
		n, err = db.AppendFestivalEarningsForTest(ctx,
			row(f.ID, marquee.EarningTicket, 10000, "ticket_order:1", now.Add(-time.Hour)),
			row(f.ID, marquee.EarningCommission, -850, "ticket_order:1", now),
		)
		if err != nil || n != 0 {
			t.Fatalf("second append: %d rows, %v", n, err)
		}
		b, err := db.FestivalEarningsBalanceForTest(ctx, f.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		if want := (marquee.EarningsBalance{AvailableCents: 9150, PendingCents: 1830}); b != want {
			t.Fatalf("balance %+v, want %+v", b, want)
		}
		// A payout, and a failed one returned: paid counts only the first.
		n, err = db.AppendFestivalEarningsForTest(ctx,
			row(f.ID, marquee.EarningPayout, -5000, "payout:1", now),
			row(f.ID, marquee.EarningPayout, -1000, "payout:2", now),
			row(f.ID, marquee.EarningPayoutReversal, 1000, "payout:2", now),
		)
		if err != nil || n != 3 {
			t.Fatalf("payouts: %d rows, %v", n, err)
		}
		b, _ = db.FestivalEarningsBalanceForTest(ctx, f.ID, now)
		if want := (marquee.EarningsBalance{AvailableCents: 4150, PendingCents: 1830, PaidCents: 5000}); b != want {
			t.Fatalf("balance after payouts %+v, want %+v", b, want)
		}
		// A day later the entry fee is available.
		b, _ = db.FestivalEarningsBalanceForTest(ctx, f.ID, now.Add(24*time.Hour))
		if want := (marquee.EarningsBalance{AvailableCents: 5980, PaidCents: 5000}); b != want {
			t.Fatalf("balance a day later %+v, want %+v", b, want)
		}
		// Refused before any row: 0 cents, an unknown kind, no source.
		for _, bad := range []marquee.FestivalEarning{
			row(f.ID, marquee.EarningTicket, 0, "ticket_order:9", now),
			row(f.ID, "gift", 5, "ticket_order:9", now),
			row(f.ID, marquee.EarningTicket, 5, " ", now),
		} {
			if _, err := db.AppendFestivalEarningsForTest(ctx, row(f.ID, marquee.EarningTicket, 7, "ticket_order:8", now), bad); err == nil {
				t.Fatalf("%+v appended", bad)
			}
		}
		if c := count(t, db.DB, `SELECT COUNT(*) FROM festival_earnings WHERE source = 'ticket_order:8'`); c != 0 {
			t.Fatalf("a refused append wrote %d rows", c)
		}
		// A month's statement opens with the balance of the rows before it.
		march := marquee.FestivalEarning{FestivalID: f.ID, Kind: marquee.EarningTicket, AmountCents: 700, Source: "ticket_order:30",
			AvailableAt: now, CreatedAt: time.Date(2026, 12, 3, 0, 0, 0, 0, time.UTC)}
		if _, err := db.AppendFestivalEarningsForTest(ctx, march); err != nil {
			t.Fatal(err)
		}
		rep, err := db.Earnings.FestivalEarnings(as(org), f.Slug, "2026-12", "")
		if err != nil {
			t.Fatal(err)
		}
		if st := rep.Statement; st.OpeningCents != 9150+1830-5000 || st.TicketCents != 700 || st.ClosingCents != 9150+1830-5000+700 || len(st.Rows) != 1 ||
			!slices.Equal(rep.Months, []string{"2026-12", "2026-11"}) {
			t.Fatalf("december: %+v, months %v", st, rep.Months)
		}
	})
}

// earnFixture is an approved festival of an organiser with categories
// whose regular fee is 20 credits, refunds on withdrawal, and a screening
// of 100 seats at 1250 cents on sale, at earnNow.
type earnFixture struct {
	*subFixture
	admin     context.Context
	screening *marquee.ManagedScreening
}

// earnNow is after the early deadline of subDeadlines: fees are 20 credits.
var earnNow = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

func newEarnFixture(t testing.TB, db *storetest.DB) *earnFixture {
	t.Helper()
	f := &earnFixture{subFixture: newSubFixture(t, db, 3)}
	db.Clock.Set(earnNow)
	f.admin = adminCtx(t, db)
	yes := true
	if _, err := db.Submissions.UpdateSettings(as(f.org), f.fest.Slug, marquee.SettingsChange{RefundOnWithdraw: &yes}); err != nil {
		t.Fatal(err)
	}
	sc, err := db.Tickets.CreateScreening(as(f.org), f.fest.Slug, marquee.ScreeningInput{
		Title: "Opening night", Venue: "Hall 1", StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00",
		Capacity: 100, PriceCents: 1250, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00",
	})
	if err != nil {
		t.Fatal(err)
	}
	f.screening = sc
	return f
}

// buyTickets orders and pays q seats as u; it returns the order's id.
func (f *earnFixture) buyTickets(t testing.TB, u *marquee.User, q int) int64 {
	t.Helper()
	o, err := f.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: f.screening.ID, Quantity: q})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"}); err != nil {
		t.Fatal(err)
	}
	return o.ID
}

// earningRows returns the festival's rows as "kind source amount".
func earningRows(t testing.TB, db *storetest.DB, festivalID int64) []string {
	t.Helper()
	var out []string
	err := db.QueryForTest(context.Background(), `SELECT kind, source, amount_cents FROM festival_earnings WHERE festival_id = ? ORDER BY id`,
		[]any{festivalID}, func(scan func(dest ...any) error) error {
			var k, s string
			var a int64
			if err := scan(&k, &s, &a); err != nil {
				return err
			}
			out = append(out, fmt.Sprintf("%s %s %d", k, s, a))
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A paid entry and a paid ticket credit the festival with commission in
// the transaction that makes them paid, once however often they settle;
// a withdrawal and a refund take them back with the commission; the
// balance keeps them pending until the festival ends (fees) and the
// screening ends (tickets).
func TestEarningsFromEntriesAndTickets(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newEarnFixture(t, db)
		grant(t, db.DB, f.maker.ID, 100)
		res := f.submit(t, f.maker, f.film, "", 0, 1)
		s1, s2 := res.Submissions[0].ID, res.Submissions[1].ID
		buyer := newOrganiser(t, db, "viewer@example.com")
		order := f.buyTickets(t, buyer, 2)
		// Settled again (a webhook after the test mode's answer): nothing more.
		var ref string
		_ = db.QueryForTest(context.Background(), `SELECT reference FROM ticket_orders WHERE id = ?`, []any{order}, func(scan func(...any) error) error { return scan(&ref) })
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: ref, TicketOrderID: order, AmountCents: 2500}); err != nil {
			t.Fatal(err)
		}
		// 20 credits at 40 cents (the VIP package's 100 $ for 250) = 800
		// cents, 8.5 % = 68; the tickets 2500, 8.5 % = 212.5 → 213.
		want := []string{
			fmt.Sprintf("entry_fee submission:%d 800", s1), fmt.Sprintf("commission submission:%d -68", s1),
			fmt.Sprintf("entry_fee submission:%d 800", s2), fmt.Sprintf("commission submission:%d -68", s2),
			fmt.Sprintf("ticket ticket_order:%d 2500", order), fmt.Sprintf("commission ticket_order:%d -213", order),
		}
		got := earningRows(t, db, f.fest.ID)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("rows %v, want %v", got, want)
		}
		rep, err := db.Earnings.FestivalEarnings(as(f.org), f.fest.Slug, "", "")
		if err != nil {
			t.Fatal(err)
		}
		if rep.Balance != (marquee.EarningsBalance{PendingCents: 1600 - 136 + 2500 - 213}) || rep.CreditValueCents != 40 || rep.CommissionPercent != "8.5" {
			t.Fatalf("report %+v", rep)
		}
		if st := rep.Statement; st.Month != "2026-03" || st.EntryFeeCents != 1600 || st.EntryFees != 2 || st.TicketCents != 2500 ||
			st.CommissionCents != -349 || st.ClosingCents != 1600-136+2500-213 || len(st.Rows) != 6 {
			t.Fatalf("statement %+v", st)
		}
		// The filmmaker withdraws one entry (fee back), an admin refunds the tickets.
		if _, err := db.Submissions.Withdraw(as(f.maker), s2); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.AdminRefundOrder(f.admin, order); err != nil {
			t.Fatal(err)
		}
		got = earningRows(t, db, f.fest.ID)
		for _, w := range []string{fmt.Sprintf("withdrawal submission:%d -800", s2), fmt.Sprintf("commission_reversal submission:%d 68", s2),
			fmt.Sprintf("refund ticket_order:%d -2500", order), fmt.Sprintf("commission_reversal ticket_order:%d 213", order)} {
			if !slices.Contains(got, w) {
				t.Fatalf("rows %v lack %q", got, w)
			}
		}
		b, _ := db.FestivalEarningsBalanceForTest(context.Background(), f.fest.ID, earnNow)
		if b != (marquee.EarningsBalance{PendingCents: 800 - 68}) {
			t.Fatalf("balance after refunds %+v", b)
		}
		// After the festival's last day (2026-09-07) the fee is available.
		b, _ = db.FestivalEarningsBalanceForTest(context.Background(), f.fest.ID, time.Date(2026, 9, 8, 0, 0, 0, 0, time.UTC))
		if b != (marquee.EarningsBalance{AvailableCents: 800 - 68}) {
			t.Fatalf("balance after the festival %+v", b)
		}
		// Another organiser, and a stranger, do not see it.
		other := newOrganiser(t, db, "other-org@example.com")
		if _, err := db.Earnings.FestivalEarnings(as(other), f.fest.Slug, "", ""); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("second organiser: %v", err)
		}
		if _, err := db.Earnings.FestivalEarnings(context.Background(), f.fest.Slug, "", ""); err == nil {
			t.Fatal("signed out: earnings answered")
		}
		if _, err := db.Earnings.FestivalEarnings(f.admin, f.fest.Slug, "2026-13", ""); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("bad month: %v", err)
		}
	})
}

// An admin's commission override applies to the next income, is audited,
// and cleared returns the festival to the platform's; organisers cannot
// set one.
func TestEarningsCommissionOverride(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newEarnFixture(t, db)
		if _, err := db.Earnings.SetCommissionOverride(as(f.org), f.fest.Slug, marquee.SetCommission{Percent: "5"}); marquee.ErrorCode(err) != marquee.EForbidden && marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("organiser set commission: %v", err)
		}
		for _, bad := range []string{"", "abc", "101", "5.123", "-1"} {
			_, err := db.Earnings.SetCommissionOverride(f.admin, f.fest.Slug, marquee.SetCommission{Percent: bad})
			if marquee.ErrorFields(err)["percent"] == "" {
				t.Fatalf("percent %q: %v", bad, err)
			}
		}
		o, err := db.Earnings.SetCommissionOverride(f.admin, f.fest.Slug, marquee.SetCommission{Percent: "5.25"})
		if err != nil || o.CommissionPercent != "5.25" {
			t.Fatalf("set: %+v %v", o, err)
		}
		list, err := db.Earnings.CommissionOverrides(f.admin)
		if err != nil || len(list.Items) != 1 || list.DefaultPercent != "8.5" || list.Items[0].FestivalSlug != f.fest.Slug {
			t.Fatalf("list %+v %v", list, err)
		}
		buyer := newOrganiser(t, db, "viewer@example.com")
		first := f.buyTickets(t, buyer, 1) // 1250 × 5.25 % = 65.625 → 66
		if err := db.Earnings.ClearCommissionOverride(f.admin, f.fest.Slug); err != nil {
			t.Fatal(err)
		}
		wantCode(t, db.Earnings.ClearCommissionOverride(f.admin, f.fest.Slug), marquee.ENotFound)
		second := f.buyTickets(t, buyer, 1) // 8.5 % = 106.25 → 106
		got := earningRows(t, db, f.fest.ID)
		for _, w := range []string{fmt.Sprintf("commission ticket_order:%d -66", first), fmt.Sprintf("commission ticket_order:%d -106", second)} {
			if !slices.Contains(got, w) {
				t.Fatalf("rows %v lack %q", got, w)
			}
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action IN ('festival.commission_set', 'festival.commission_clear') AND festival_id = ?`, f.fest.ID); n != 2 {
			t.Fatalf("%d audit entries", n)
		}
	})
}
