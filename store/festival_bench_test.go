package store_test

import (
	"context"
	"os"
	"runtime"
	"syscall"
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
// for submissions, in Japanese, Chinese and English (one and two
// words), the same filters without text, by next deadline, and two
// broad searches.
var benchSearches = []struct {
	name string
	q    marquee.FestivalQuery
}{
	{"japanese", marquee.FestivalQuery{Text: "映画", Country: "JP", Open: true}},
	{"chinese", marquee.FestivalQuery{Text: "电影", Country: "CN", Open: true}},
	{"english", marquee.FestivalQuery{Text: "film", Country: "FR", Open: true}},
	{"two-words", marquee.FestivalQuery{Text: "film fest", Country: "FR", Open: true}},
	{"no-text", marquee.FestivalQuery{Country: "US", Open: true, Sort: marquee.FestivalSortDeadline}},
	// The broad searches scripts/speed.sh measures: a common word alone,
	// and the first page of every festival.
	{"film-all", marquee.FestivalQuery{Text: "film"}},
	{"all", marquee.FestivalQuery{}},
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
			db := storetest.Wrap(b, d.open(b))
			ctx := context.Background()
			setNow(db, festivalNow)
			u := newOrganiser(b, db, "seed@example.com")
			start := time.Now()
			if err := db.Festivals.Import(ctx, u.ID, genFestivals(benchFestivals)); err != nil {
				b.Fatal(err)
			}
			b.Logf("%s: imported %d festivals in %s", d.name, benchFestivals, time.Since(start).Round(time.Millisecond))
			// The first search loads the index: every approved festival.
			// The heap it adds (after collection) is the index's size.
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start = time.Now()
			all, err := db.Festivals.Search(ctx, marquee.FestivalQuery{})
			if err != nil {
				b.Fatal(err)
			}
			took := time.Since(start).Round(time.Millisecond)
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.Logf("%s: first search (index load) in %s; the index holds %.1f KB per approved festival (%d approved)", d.name, took,
				float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/1024/float64(max(all.Total, 1)), all.Total)
			for _, s := range benchSearches {
				s.q.ListingsOnly = true // as the API searches
				p, err := db.Festivals.Search(ctx, s.q)
				if err != nil {
					b.Fatal(err)
				}
				if p.Total == 0 {
					b.Fatalf("%s matches nothing", s.name)
				}
				b.Run(s.name, func(b *testing.B) {
					defer reportCPU(b)()
					for b.Loop() {
						if _, err := db.Festivals.Search(ctx, s.q); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(p.Total), "matches")
				})
				// The same search never made before: a From date long
				// past (every festival ends after it) changes the
				// search's key, not what it matches, so each one misses
				// the page cache and runs the engine.
				b.Run("fresh-"+s.name, func(b *testing.B) {
					q, day := s.q, time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)
					defer reportCPU(b)()
					for i := 0; b.Loop(); i++ {
						q.From = day.AddDate(0, 0, i%10_000).Format(marquee.DateLayout)
						got, err := db.Festivals.Search(ctx, q)
						if err != nil {
							b.Fatal(err)
						}
						if got.Total != p.Total {
							b.Fatalf("%s from %s: %d matches, want %d", s.name, q.From, got.Total, p.Total)
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
						q := benchSearches[i%len(benchSearches)].q
						q.ListingsOnly = true
						if _, err := db.Festivals.Search(ctx, q); err != nil {
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

// reportCPU starts counting the process's CPU time (user and system)
// and returns the function that reports it per operation as cpu-ns/op
// when the benchmark ends: on a shared machine, wall-clock ns/op counts
// the time other processes hold the cores, CPU time much less so.
func reportCPU(b *testing.B) func() {
	start := processCPU(b)
	return func() {
		b.ReportMetric(float64(processCPU(b)-start)/float64(max(b.N, 1)), "cpu-ns/op")
	}
}

// processCPU returns the CPU time this process used so far, in nanoseconds.
func processCPU(b *testing.B) int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return u.Utime.Nano() + u.Stime.Nano()
}
