package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// benchFestivals is how many festivals the search benchmark imports: the
// scale the about page claims.
const benchFestivals = 10_000

// benchSearches are the benchmarked searches: text plus country and open
// for submissions, in English, Japanese and Chinese.
var benchSearches = []struct {
	name string
	q    marquee.FestivalQuery
}{
	{"english", marquee.FestivalQuery{Text: "horror", Country: "JP", Open: true}},
	{"english-prefix", marquee.FestivalQuery{Text: "film fest", Country: "FR", Open: true}},
	{"japanese", marquee.FestivalQuery{Text: "映画祭", Country: "JP", Open: true}},
	{"chinese", marquee.FestivalQuery{Text: "电影", Country: "CN", Open: true}},
	{"no-text", marquee.FestivalQuery{Country: "US", Open: true}},
}

// Run with: go test ./store -run '^$' -bench FestivalSearch -benchtime 2000x
// (set MARQUEE_TEST_POSTGRES_URL to include PostgreSQL).
func BenchmarkFestivalSearch(b *testing.B) {
	dbs := []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.OpenSQLite}}
	if os.Getenv(storetest.PostgresEnv) != "" {
		dbs = append(dbs, struct {
			name string
			open func(testing.TB) *store.DB
		}{"postgres", storetest.OpenPostgres})
	}
	for _, d := range dbs {
		b.Run(d.name, func(b *testing.B) {
			db := d.open(b)
			ctx := context.Background()
			setNow(db, festivalNow)
			u := newOrganiser(b, db, "seed@example.com")
			start := time.Now()
			if err := db.ImportFestivals(ctx, u.ID, genFestivals(benchFestivals)); err != nil {
				b.Fatal(err)
			}
			b.Logf("%s: imported %d festivals in %s", d.name, benchFestivals, time.Since(start).Round(time.Millisecond))
			for _, s := range benchSearches {
				p, err := db.SearchFestivals(ctx, s.q)
				if err != nil {
					b.Fatal(err)
				}
				if p.Total == 0 {
					b.Fatalf("%s matches nothing", s.name)
				}
				b.Run(s.name, func(b *testing.B) {
					b.ReportMetric(float64(p.Total), "matches")
					for b.Loop() {
						if _, err := db.SearchFestivals(ctx, s.q); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			// 32 concurrent searchers (on two cores: 16 per GOMAXPROCS).
			b.Run("parallel-32", func(b *testing.B) {
				b.SetParallelism(max(1, 32/max(1, runtimeProcs())))
				b.RunParallel(func(pb *testing.PB) {
					i := 0
					for pb.Next() {
						if _, err := db.SearchFestivals(ctx, benchSearches[i%3].q); err != nil {
							b.Error(err)
							return
						}
						i++
					}
				})
			})
		})
	}
}
