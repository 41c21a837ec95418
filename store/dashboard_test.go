package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// exactDashboard computes the dashboard's figures with COUNT and SUM over
// users and purchases, as the dashboard did before its rollup, for the
// twelve months ending in now's.
func exactDashboard(t *testing.T, db *store.DB, now time.Time) *marquee.DashboardSummary {
	t.Helper()
	this := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	first := this.AddDate(0, -11, 0)
	s := &marquee.DashboardSummary{
		TotalUsers:         count(t, db, `SELECT COUNT(*) FROM users`),
		TotalSubscriptions: count(t, db, `SELECT COUNT(DISTINCT user_id) FROM purchases WHERE status = 'succeeded'`),
		TotalTransactions:  count(t, db, `SELECT COUNT(*) FROM purchases WHERE status = 'succeeded'`),
		TotalIncomeCents: count(t, db, `SELECT CAST(COALESCE(SUM(amount_cents - refunded_cents), 0) AS BIGINT) FROM purchases
			WHERE status IN ('succeeded', 'refunded')`),
	}
	for i := range 12 {
		from, to := first.AddDate(0, i, 0), first.AddDate(0, i+1, 0)
		month := from.Format("2006-01")
		s.SignupsByMonth = append(s.SignupsByMonth, marquee.MonthlyCount{Month: month,
			Users: count(t, db, `SELECT COUNT(*) FROM users WHERE created_at >= ? AND created_at < ?`, from, to)})
		s.IncomeByMonth = append(s.IncomeByMonth, marquee.MonthlyAmount{Month: month,
			AmountCents: count(t, db, `SELECT CAST(COALESCE(SUM(amount_cents - refunded_cents), 0) AS BIGINT) FROM purchases
				WHERE status IN ('succeeded', 'refunded') AND settled_at >= ? AND settled_at < ?`, from, to)})
	}
	s.UsersThisMonth = s.SignupsByMonth[11].Users
	return s
}

// assertDashboardExact fails unless the rollup's dashboard equals the
// exact counts.
func assertDashboardExact(t *testing.T, db *storetest.DB, admin context.Context) *marquee.DashboardSummary {
	t.Helper()
	got, err := db.Users.Dashboard(admin)
	if err != nil {
		t.Fatal(err)
	}
	want := exactDashboard(t, db.DB, db.Clock.Now())
	if got.TotalUsers != want.TotalUsers || got.TotalSubscriptions != want.TotalSubscriptions || got.TotalTransactions != want.TotalTransactions ||
		got.TotalIncomeCents != want.TotalIncomeCents || got.UsersThisMonth != want.UsersThisMonth {
		t.Fatalf("rollup totals %+v\nexact totals  %+v", got, want)
	}
	for i := range 12 {
		if got.SignupsByMonth[i] != want.SignupsByMonth[i] || got.IncomeByMonth[i] != want.IncomeByMonth[i] {
			t.Fatalf("month %d: rollup %v %v, exact %v %v", i, got.SignupsByMonth[i], got.IncomeByMonth[i], want.SignupsByMonth[i], want.IncomeByMonth[i])
		}
	}
	return got
}

// The rollup equals the exact counts after sign-ups of every kind (sign-up
// form, admin, seeded), purchases settled, declined and pending, a buyer
// with two purchases refunded one at a time, and a month boundary; and
// again after the migration rebuilds it from the tables.
func TestDashboardRollupEqualsCounts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		db.Clock.Set(time.Date(2026, 10, 31, 23, 59, 59, 0, time.UTC))
		if _, err := db.Users.Register(ctx, marquee.NewUser{Email: "new@example.com", Name: "New", Password: "a long enough password", Language: "en"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.UpsertAdmin(ctx, "boss@example.com", "Boss", "a long enough password"); err != nil {
			t.Fatal(err)
		}
		if err := db.Users.SeedUsers(ctx, 700, store.SeedUsersOptions{PasswordHash: "h", Span: 400 * 24 * time.Hour}); err != nil {
			t.Fatal(err)
		}
		other := newOrganiser(t, db, "other@example.com")
		buy := func(at time.Time, u *marquee.User, pkg, pm string) *marquee.Purchase {
			db.Clock.Set(at)
			return f.checkout(t, u, pkg, pm).Purchase
		}
		buy(time.Date(2025, 11, 30, 10, 0, 0, 0, time.UTC), f.buyer, "enterprise", pmSucceed)
		first := buy(time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC), other, "basic", pmSucceed)
		buy(time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC), f.buyer, "pro", pmDecline)
		second := buy(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), other, "pro", pmSucceed)
		buy(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC), f.buyer, "pro", pmSucceed)
		buy(time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC), f.buyer, "basic", pmPending)
		db.Clock.Set(payNow)
		s := assertDashboardExact(t, db, admin)
		if s.TotalSubscriptions != 2 || s.TotalTransactions != 4 {
			t.Fatalf("before refunds: %+v", s)
		}
		// One of two purchases refunded: still a subscriber.
		if _, err := f.refund(t, admin, second.ID); err != nil {
			t.Fatal(err)
		}
		if s = assertDashboardExact(t, db, admin); s.TotalSubscriptions != 2 {
			t.Fatalf("after one refund: %+v", s)
		}
		// Both refunded (on a later day): no longer.
		db.Clock.Set(payNow.Add(48 * time.Hour))
		if _, err := f.refund(t, admin, first.ID); err != nil {
			t.Fatal(err)
		}
		if s = assertDashboardExact(t, db, admin); s.TotalSubscriptions != 1 || s.TotalTransactions != 2 {
			t.Fatalf("after both refunds: %+v", s)
		}
		// The migration's backfill builds the same rollup from the tables.
		if err := db.MigrateDownToForTest(ctx, 11); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		assertDashboardExact(t, db, admin)
		// And the backfilled search index finds existing users.
		p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: "other@exa"})
		if err != nil || p.Total != 1 {
			t.Fatalf("search after backfill: %+v, %v", p, err)
		}
	})
}
