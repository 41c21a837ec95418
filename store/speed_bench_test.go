package store_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// BenchmarkSeeded measures the pages of issue 23 on a database made by
// `marquee seed` with no flags (the hot festival's 5,000 scored entries,
// 500,000 accounts), as CPU per call on one goroutine, so that a shared
// machine still gives comparable figures (ns/op, B/op, allocs/op):
//
//	MARQUEE_DATABASE_URL=sqlite:/tmp/seeded.db bin/marquee seed
//	MARQUEE_BENCH_SEEDED=sqlite:/tmp/seeded.db go test ./store -run '^$' -bench Seeded -benchmem
//
// MARQUEE_BENCH_SEEDED may be a PostgreSQL URL of a seeded database too.
// The database is only read. Each list is encoded to JSON as the handler
// does, so that the figure is the page's whole cost but the HTTP.
func BenchmarkSeeded(b *testing.B) {
	url := os.Getenv("MARQUEE_BENCH_SEEDED")
	if url == "" {
		b.Skip("MARQUEE_BENCH_SEEDED names no seeded database")
	}
	ctx := context.Background()
	raw, err := store.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { raw.Close() })
	db := storetest.Wrap(b, raw)
	organiser, err := db.Users.FindUserByEmail(ctx, "organiser-1@seed.marquee.example")
	if err != nil {
		b.Fatal(err)
	}
	var slug string
	var category int64
	if err := db.QueryForTest(ctx, `SELECT f.slug, MIN(c.id) FROM festivals f JOIN festival_categories c ON c.festival_id = f.id
		WHERE f.organiser_id = ? GROUP BY f.slug`, []any{organiser.ID}, func(scan func(...any) error) error {
		return scan(&slug, &category)
	}); err != nil || slug == "" {
		b.Fatalf("the hot festival: %q %v", slug, err)
	}
	org, admin := as(organiser), countingAdmin()
	encode := func(b *testing.B, v any) {
		if err := json.NewEncoder(io.Discard).Encode(v); err != nil {
			b.Fatal(err)
		}
	}
	for _, c := range []struct {
		name   string
		filter marquee.ReceivedFilter
	}{
		{"submissions-category-weighted", marquee.ReceivedFilter{CategoryID: category, Sort: marquee.ReceivedSortScore}},
		{"submissions-category-calibrated", marquee.ReceivedFilter{CategoryID: category, Sort: marquee.ReceivedSortCalibrated}},
		{"submissions-all-calibrated", marquee.ReceivedFilter{Sort: marquee.ReceivedSortCalibrated}},
		{"submissions-all-date", marquee.ReceivedFilter{}},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				p, err := db.Submissions.Received(org, slug, c.filter)
				if err != nil || len(p.Items) != marquee.ReceivedPerPage {
					b.Fatalf("%v %v", p, err)
				}
				encode(b, p)
			}
		})
	}
	for _, c := range []struct {
		name   string
		filter marquee.RankingFilter
	}{
		{"ranking-weighted", marquee.RankingFilter{}},
		{"ranking-category", marquee.RankingFilter{CategoryID: category}},
		{"ranking-calibrated", marquee.RankingFilter{Sort: marquee.RankingSortCalibrated}},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				p, err := db.Judging.Ranking(org, slug, c.filter)
				if err != nil || len(p.Items) != marquee.RankingPerPage {
					b.Fatalf("%v %v", p, err)
				}
				encode(b, p)
			}
		})
	}
	for _, q := range []string{"example.test", "example", "s", "23456@exa", "Filmmaker 23456"} {
		b.Run("users-"+q, func(b *testing.B) {
			defer reportCPU(b)()
			for b.Loop() {
				p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: q, PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}})
				if err != nil || len(p.Items) == 0 {
					b.Fatalf("%v %v", p, err)
				}
				encode(b, p)
			}
		})
	}
	b.Run("users-example.test-page-3", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: "example.test", PageRequest: marquee.PageRequest{Page: 3, PerPage: 50}})
			if err != nil || len(p.Items) == 0 {
				b.Fatalf("%v %v", p, err)
			}
		}
	})
	b.Run("export", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			export, err := db.Submissions.ExportEntries(org, slug)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for _, err := range export.Rows {
				if err != nil {
					b.Fatal(err)
				}
				n++
			}
			if n != 5000 {
				b.Fatalf("%d rows", n)
			}
		}
	})
}
