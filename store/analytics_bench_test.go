package store_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// fillPageViews writes a year of page view rollups for fest summing to
// views (and five sources a day), as a million recorded views leave them.
func fillPageViews(b testing.TB, f *subFixture, festID int64, views int) {
	b.Helper()
	ctx := context.Background()
	const days = 365
	perDay := views / days
	var q strings.Builder
	var args []any
	q.WriteString(`INSERT INTO page_view_days (festival_id, day, views, visitors) VALUES `)
	for d := range days {
		if d > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?)")
		n := perDay
		if d == 0 {
			n += views - perDay*days
		}
		args = append(args, festID, subNow.AddDate(0, 0, -d).Format(time.DateOnly), n, n/3)
	}
	if err := f.ExecForTest(ctx, q.String(), args...); err != nil {
		b.Fatal(err)
	}
	for d := range days + 1 {
		day := subNow.AddDate(0, 0, -d).Format(time.DateOnly)
		if d == days {
			day = "*"
		}
		for i, src := range []string{"direct", "search", "google.com", "news.example", "t.co"} {
			if err := f.ExecForTest(ctx, `INSERT INTO page_view_sources (festival_id, day, source, views) VALUES (?, ?, ?, ?)`,
				festID, day, src, perDay/(i+2)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkFestivalAnalytics: the analytics of a festival with 5,000
// submissions and 1,000,000 page views (range all, the widest), called by
// 32 clients at once; reports the p95 latency of a call.
func BenchmarkFestivalAnalytics(b *testing.B) {
	run := func(b *testing.B, db *storetest.DB) {
		f := newSubFixture(b, db, 4)
		fillSubmissions(b, f, f.fest, 5000)
		fillPageViews(b, f, f.fest.ID, 1_000_000)
		// Spread the entries over 180 days and many countries, as real ones are.
		if err := f.ExecForTest(context.Background(), `UPDATE submissions SET country = CASE WHEN id % 2 = 0 THEN 'JP' ELSE
			SUBSTR(CAST('ABCDEFGHIJKLMNOPQRSTUVWXYZ' AS TEXT), CAST(id % 26 + 1 AS INTEGER), 1) || SUBSTR(CAST('ABCDEFGHIJKLMNOPQRSTUVWXYZ' AS TEXT), CAST(id % 7 + 1 AS INTEGER), 1) END`); err != nil {
			b.Fatal(err)
		}
		for d := range 180 {
			if err := f.ExecForTest(context.Background(), `UPDATE submissions SET created_at = ? WHERE festival_id = ? AND id % 180 = ?`,
				subNow.AddDate(0, 0, -d), f.fest.ID, d); err != nil {
				b.Fatal(err)
			}
		}
		if err := f.RebuildSubmissionRollupsForTest(context.Background()); err != nil {
			b.Fatal(err)
		}
		org := as(f.org)
		a, err := f.svc.Analytics.FestivalAnalytics(org, f.fest.Slug, marquee.RangeAll)
		if err != nil || a.TotalSubmissions != 5000 || a.TotalViews != 1_000_000 {
			b.Fatalf("analytics: %v %v", a, err)
		}
		b.Run("one-client", func(b *testing.B) {
			for b.Loop() {
				if _, err := f.svc.Analytics.FestivalAnalytics(org, f.fest.Slug, marquee.RangeAll); err != nil {
					b.Fatal(err)
				}
			}
		})
		for _, rg := range []marquee.AnalyticsRange{marquee.RangeAll, marquee.Range90d} {
			b.Run("32-clients-"+string(rg), func(b *testing.B) {
				var mu sync.Mutex
				var lat []time.Duration
				b.SetParallelism(max(1, 32/runtimeProcs()))
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					var mine []time.Duration
					for pb.Next() {
						t0 := time.Now()
						if _, err := f.svc.Analytics.FestivalAnalytics(org, f.fest.Slug, rg); err != nil {
							b.Error(err)
							return
						}
						mine = append(mine, time.Since(t0))
					}
					mu.Lock()
					lat = append(lat, mine...)
					mu.Unlock()
				})
				b.StopTimer()
				slices.Sort(lat)
				if len(lat) > 0 {
					p95 := lat[len(lat)*95/100]
					b.ReportMetric(float64(p95.Microseconds())/1000, "p95-ms")
					b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
				}
			})
		}
	}
	b.Run("sqlite", func(b *testing.B) { run(b, storetest.Wrap(b, storetest.OpenSQLite(b))) })
	if os.Getenv(storetest.PostgresEnv) != "" {
		b.Run("postgres", func(b *testing.B) { run(b, storetest.Wrap(b, storetest.OpenPostgres(b))) })
	}
}
