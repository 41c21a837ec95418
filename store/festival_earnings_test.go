package store_test

import (
	"context"
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
	})
}
