package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

const (
	chrome  = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
	firefox = "Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0"
)

// viewsOn returns a festival's page_view_days row of day (0, 0 when none).
func viewsOn(t *testing.T, db *storetest.DB, festivalID int64, day string) (views, visitors int64) {
	t.Helper()
	views = count(t, db.DB, `SELECT COALESCE(SUM(views), 0) FROM page_view_days WHERE festival_id = ? AND day = ?`, festivalID, day)
	visitors = count(t, db.DB, `SELECT COALESCE(SUM(visitors), 0) FROM page_view_days WHERE festival_id = ? AND day = ?`, festivalID, day)
	return views, visitors
}

// TestPageViewRollups checks the page view rollups around a day
// boundary: the same visitor twice a day counts once, the next day again,
// bots not at all. Each case is a festival time zone: the day is the
// festival's (festivals.time_zone), so Tokyo's boundary falls at 15:00 UTC.
func TestPageViewRollups(t *testing.T) {
	cases := []struct {
		zone string
		// lastMinute is the last minute of the festival's day 2026-06-01.
		lastMinute time.Time
	}{
		{"UTC", time.Date(2026, 6, 1, 23, 59, 0, 0, time.UTC)},
		{"Asia/Tokyo", time.Date(2026, 6, 1, 14, 59, 0, 0, time.UTC)},
	}
	for _, tc := range cases {
		t.Run(tc.zone, func(t *testing.T) {
			storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
				ctx := context.Background()
				db.Clock.Set(tc.lastMinute)
				org := newOrganiser(t, db, "org@example.com")
				fest := mustCreate(t, db, org, festivalDetails("Lisbon Docs"))
				if err := db.ExecForTest(ctx, `UPDATE festivals SET time_zone = ? WHERE id = ?`, tc.zone, fest.ID); err != nil {
					t.Fatal(err)
				}
				view := func(ip, ua, ref string) {
					t.Helper()
					if err := db.Analytics.RecordPageView(ctx, marquee.PageView{Slug: fest.Slug, IP: ip, UserAgent: ua, Referrer: ref, Host: "marquee.test"}); err != nil {
						t.Fatalf("view: %v", err)
					}
				}
				db.Clock.Set(tc.lastMinute)
				// Not approved yet: not counted, not found.
				wantCode(t, db.Analytics.RecordPageView(ctx, marquee.PageView{Slug: fest.Slug, IP: "10.0.0.1", UserAgent: chrome}), marquee.ENotFound)
				approve(t, db, fest.ID)
				db.Clock.Set(tc.lastMinute)
				view("10.0.0.1", chrome, "")
				view("10.0.0.1", chrome, "https://marquee.test/festivals?q=docs")
				view("10.0.0.2", firefox, "https://www.google.com/search?q=lisbon")
				view("10.0.0.3", "Googlebot/2.1 (+http://www.google.com/bot.html)", "")
				view("10.0.0.4", "curl/8.0", "")
				if v, u := viewsOn(t, db, fest.ID, "2026-06-01"); v != 3 || u != 2 {
					t.Fatalf("day 1: %d views %d visitors, want 3, 2", v, u)
				}
				db.Clock.Set(tc.lastMinute.Add(2 * time.Minute)) // the next day
				view("10.0.0.1", chrome, "")
				view("10.0.0.1", chrome, "")
				if v, u := viewsOn(t, db, fest.ID, "2026-06-02"); v != 2 || u != 1 {
					t.Fatalf("day 2: %d views %d visitors, want 2, 1", v, u)
				}
				if v, _ := viewsOn(t, db, fest.ID, "2026-06-01"); v != 3 {
					t.Fatalf("day 1 changed: %d", v)
				}
				// Nothing of the visitor is stored beside the counts.
				if n := count(t, db.DB, `SELECT COUNT(*) FROM analytics_visitors WHERE hash LIKE '10.%'`); n != 0 {
					t.Fatal("an address stored")
				}
				a, err := db.Analytics.FestivalAnalytics(as(org), fest.Slug, marquee.Range7d)
				if err != nil {
					t.Fatal(err)
				}
				if a.From != "2026-05-27" || a.To != "2026-06-02" || len(a.PageViews) != 7 || a.TotalViews != 5 || a.TotalVisitors != 3 {
					t.Fatalf("analytics: %s..%s %d days, %d views %d visitors", a.From, a.To, len(a.PageViews), a.TotalViews, a.TotalVisitors)
				}
				if d := a.PageViews[5]; d.Day != "2026-06-01" || d.Views != 3 || d.Visitors != 2 {
					t.Fatalf("day 1 in analytics: %+v", d)
				}
				sources := map[string]int64{}
				for _, s := range a.Sources {
					sources[s.Key] = s.Count
				}
				if sources["direct"] != 3 || sources["search"] != 1 || sources["google.com"] != 1 || len(sources) != 3 {
					t.Fatalf("sources: %v", sources)
				}
				// The day's salts and hashes go once the day has ended everywhere.
				db.Clock.Set(tc.lastMinute.Add(24 * time.Hour))
				if n, err := db.Analytics.ForgetVisitors(ctx); err != nil || n != 0 {
					t.Fatalf("forget too early: %d %v", n, err)
				}
				db.Clock.Set(tc.lastMinute.Add(48 * time.Hour))
				if n, err := db.Analytics.ForgetVisitors(ctx); err != nil || n != 2 {
					t.Fatalf("forget: %d %v", n, err)
				}
				if n := count(t, db.DB, `SELECT COUNT(*) FROM analytics_salts WHERE day <= '2026-06-01'`); n != 0 {
					t.Fatalf("%d salts kept", n)
				}
				if v, u := viewsOn(t, db, fest.ID, "2026-06-01"); v != 3 || u != 2 {
					t.Fatalf("rollup changed by forgetting: %d %d", v, u)
				}
			})
		})
	}
}

func TestFestivalAnalyticsSubmissions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 2)
		grant(t, db.DB, f.maker.ID, 100)
		f.submit(t, f.maker, f.film, "", 0, 1)
		other := f.newFilm(t, f.maker, "Day Boat", "FR")
		db.Clock.Set(subNow.Add(26 * time.Hour))
		f.submit(t, f.maker, other, "", 0)
		a, err := f.svc.Analytics.FestivalAnalytics(as(f.org), f.fest.Slug, marquee.RangeAll)
		if err != nil {
			t.Fatal(err)
		}
		if a.TotalSubmissions != 3 || a.From != "2026-03-01" || len(a.Submissions) != 2 {
			t.Fatalf("submissions: %d from %s, %+v", a.TotalSubmissions, a.From, a.Submissions)
		}
		if d := a.Submissions[1]; d.Day != "2026-03-02" || d.Count != 1 || d.Cumulative != 3 {
			t.Fatalf("day 2: %+v", d)
		}
		if a.ByCategory[0].Label != "C1" || a.ByCategory[0].Count != 2 || a.ByStatus[0].Key != "submitted" || a.ByStatus[0].Count != 3 {
			t.Fatalf("by category %+v by status %+v", a.ByCategory, a.ByStatus)
		}
		var paid int64
		for _, x := range a.FeeIncome {
			paid += x.Credits
		}
		if paid != 100-credits(t, db.DB, f.maker.ID) || len(a.FeeIncome) != 3 {
			t.Fatalf("fee income %+v", a.FeeIncome)
		}
		if len(a.Deadlines) != 6 {
			t.Fatalf("deadlines %+v", a.Deadlines)
		}
		// Decisions and withdrawals move the status rollups in their transaction:
		// the rollup always equals the counts over the submissions.
		subs := f.svc.Submissions
		first := f.submit(t, f.maker, f.newFilm(t, f.maker, "Third", "JP"), "", 1).Submissions[0]
		if _, err := subs.Decide(as(f.org), f.fest.Slug, []int64{first.ID}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		second := f.submit(t, f.maker, f.newFilm(t, f.maker, "Fourth", "KR"), "", 0).Submissions[0]
		if _, err := subs.Withdraw(as(f.maker), second.ID); err != nil {
			t.Fatal(err)
		}
		a, err = f.svc.Analytics.FestivalAnalytics(as(f.org), f.fest.Slug, marquee.RangeAll)
		if err != nil {
			t.Fatal(err)
		}
		status := map[string]int64{}
		for _, x := range a.ByStatus {
			status[x.Key] = x.Count
		}
		if a.TotalSubmissions != 5 || status["submitted"] != 3 || status["selected"] != 1 || status["withdrawn"] != 1 || len(status) != 3 {
			t.Fatalf("after decide and withdraw: %d %v", a.TotalSubmissions, status)
		}
		if err := db.RebuildSubmissionRollupsForTest(context.Background()); err != nil {
			t.Fatal(err)
		}
		rebuilt, err := f.svc.Analytics.FestivalAnalytics(as(f.org), f.fest.Slug, marquee.RangeAll)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(rebuilt.ByStatus, rebuilt.ByCategory, rebuilt.ByCountry, rebuilt.FeeIncome, rebuilt.Submissions) !=
			fmt.Sprint(a.ByStatus, a.ByCategory, a.ByCountry, a.FeeIncome, a.Submissions) {
			t.Fatalf("rollup differs from the counts:\n%+v\n%+v", a, rebuilt)
		}
		if n := count(t, db.DB, `SELECT COALESCE(SUM(submissions), 0) FROM dashboard_days`); n != 5 {
			t.Fatalf("dashboard submissions %d", n)
		}
		// Only its organiser and the admins; others do not learn it exists.
		_, err = f.svc.Analytics.FestivalAnalytics(as(f.maker), f.fest.Slug, marquee.RangeAll)
		wantCode(t, err, marquee.ENotFound)
		_, err = f.svc.Analytics.FestivalAnalytics(context.Background(), f.fest.Slug, marquee.RangeAll)
		wantCode(t, err, marquee.EUnauthorized)
		if _, err = f.svc.Analytics.FestivalAnalytics(adminCtx(t, db), f.fest.Slug, marquee.Range30d); err != nil {
			t.Fatal(err)
		}
		figs, err := f.svc.Analytics.SiteFigures(adminCtx(t, db))
		if err != nil || figs.Submissions != 5 || figs.Festivals != 1 || figs.Countries != 1 || figs.Filmmakers < 2 {
			t.Fatalf("figures %+v %v", figs, err)
		}
		_, err = f.svc.Analytics.SiteFigures(as(f.org))
		wantCode(t, err, marquee.EForbidden)
	})
}

// TestFestivalAnalyticsTickets: the analytics' screenings count tickets
// sold (not refunded), checked in, and the income of paid orders only.
func TestFestivalAnalyticsTickets(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1000)
		u := fx.buyer(t, "b@example.com")
		settle := func(ev marquee.PaymentEvent) {
			t.Helper()
			if _, err := db.Payments.Settle(context.Background(), ev); err != nil {
				t.Fatal(err)
			}
		}
		kept := fx.order(t, u, 3)
		settle(marquee.PaymentEvent{ID: "evt_kept", Type: marquee.PaymentSucceeded, TicketOrderID: kept.ID, AmountCents: 3000})
		refunded := fx.order(t, u, 2)
		settle(marquee.PaymentEvent{ID: "evt_refunded", Type: marquee.PaymentSucceeded, TicketOrderID: refunded.ID, AmountCents: 2000})
		settle(marquee.PaymentEvent{ID: "evt_refund", Type: marquee.PaymentRefunded, TicketOrderID: refunded.ID})
		fx.order(t, u, 1) // held, not paid
		paid, err := db.Tickets.Order(as(u), kept.ID)
		if err != nil || len(paid.Tickets) != 3 {
			t.Fatalf("order: %v %+v", err, paid)
		}
		req := marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: paid.Tickets[0].Code}
		if r, err := db.Tickets.CheckIn(as(fx.org), fx.fest.Slug, req); err != nil || r.Result != marquee.CheckInValid {
			t.Fatalf("check-in: %v %+v", err, r)
		}
		a, err := db.Analytics.FestivalAnalytics(as(fx.org), fx.fest.Slug, marquee.RangeAll)
		if err != nil {
			t.Fatal(err)
		}
		want := []marquee.ScreeningStats{{ScreeningID: fx.screening.ID, Title: "Opening night", Capacity: 10, Sold: 3, CheckedIn: 1, IncomeCents: 3000, Currency: "usd"}}
		if len(a.Tickets) != 1 {
			t.Fatalf("tickets: %+v", a.Tickets)
		}
		got := a.Tickets[0]
		got.StartsAt = time.Time{}
		if got != want[0] {
			t.Fatalf("tickets: %+v, want %+v", got, want[0])
		}
	})
}
