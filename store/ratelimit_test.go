package store_test

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// rateNow is the rate limit tests' start: 20 seconds into a minute.
var rateNow = time.Date(2026, 3, 1, 10, 0, 20, 0, time.UTC)

// testClock is a clock the tests move by hand.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time       { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(t time.Time)      { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }
func (c *testClock) Add(d time.Duration)  { c.Set(c.Now().Add(d)) }
func newTestClock(t time.Time) *testClock { return &testClock{t: t} }

// hits counts n hits of key in minute windows and returns whether each was allowed.
func hits(t *testing.T, rl *store.RateLimits, key string, limit, n int) []bool {
	t.Helper()
	out := make([]bool, n)
	for i := range out {
		ok, _, err := rl.Hit(context.Background(), key, limit, time.Minute)
		if err != nil {
			t.Fatalf("hit %d of %s: %v", i+1, key, err)
		}
		out[i] = ok
	}
	return out
}

func wantHits(t *testing.T, got []bool, allowed int) {
	t.Helper()
	for i, ok := range got {
		if ok != (i < allowed) {
			t.Fatalf("hits %v: want the first %d allowed and the rest refused", got, allowed)
		}
	}
}

func TestRateLimitHit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clock := newTestClock(rateNow)
		rl := store.NewRateLimits(db.DB, clock.Now)

		wantHits(t, hits(t, rl, "login-ip:203.0.113.7", 3, 5), 3)
		// Refused: retry when the window ends, 40 s later.
		ok, retry, err := rl.Hit(ctx, "login-ip:203.0.113.7", 3, time.Minute)
		if err != nil || ok || retry != 40*time.Second {
			t.Fatalf("over the limit: %v, %v, %v; want false, 40s, nil", ok, retry, err)
		}
		// Within the limit: no retryAfter.
		if ok, retry, err := rl.Hit(ctx, "login-ip:203.0.113.8", 3, time.Minute); err != nil || !ok || retry != 0 {
			t.Fatalf("another key: %v, %v, %v; want true, 0, nil", ok, retry, err)
		}
		// Still the same window 39.999 s later; a new one (and count) at the minute.
		clock.Set(rateNow.Add(40*time.Second - time.Millisecond))
		if ok, retry, _ := rl.Hit(ctx, "login-ip:203.0.113.7", 3, time.Minute); ok || retry != time.Millisecond {
			t.Fatalf("end of the window: %v, %v; want false, 1ms", ok, retry)
		}
		clock.Set(rateNow.Add(40 * time.Second))
		wantHits(t, hits(t, rl, "login-ip:203.0.113.7", 3, 4), 3)

		// Hour windows end on the hour.
		clock.Set(rateNow)
		if ok, retry, err := rl.Hit(ctx, "signup-ip:203.0.113.7", 1, time.Hour); err != nil || !ok || retry != 0 {
			t.Fatalf("hour window: %v, %v, %v", ok, retry, err)
		}
		if ok, retry, _ := rl.Hit(ctx, "signup-ip:203.0.113.7", 1, time.Hour); ok || retry != time.Hour-20*time.Second {
			t.Fatalf("hour window, over: %v, %v; want false, %v", ok, retry, time.Hour-20*time.Second)
		}

		// Long and non-ASCII keys are hashed: each still has its own count,
		// and two long keys differing only at their end do not share one.
		long := "login-account:" + strings.Repeat("a", 300) + "@example.com"
		wantHits(t, hits(t, rl, long, 2, 3), 2)
		wantHits(t, hits(t, rl, long[:len(long)-1]+"x", 2, 2), 2)
		wantHits(t, hits(t, rl, "login-account:zoë@exämple.com\x00\xff", 1, 2), 1)
		wantHits(t, hits(t, rl, "sha256:"+strings.Repeat("0", 64), 1, 2), 1)

		// A limit of zero refuses everything; a window must be whole microseconds.
		wantHits(t, hits(t, rl, "closed", 0, 1), 0)
		for _, w := range []time.Duration{0, -time.Minute, 1500 * time.Nanosecond} {
			if _, _, err := rl.Hit(ctx, "bad-window", 1, w); err == nil {
				t.Fatalf("window %v: no error", w)
			}
		}
	})
}

// Two nodes are two *store.DB handles on one database: they share the count.
func TestRateLimitSharedByNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		clock := newTestClock(rateNow)
		nodes := []*store.RateLimits{store.NewRateLimits(a, clock.Now), store.NewRateLimits(b, clock.Now)}
		var got []bool
		for i := range 6 {
			got = append(got, hits(t, nodes[i%2], "login-ip:198.51.100.1", 4, 1)...)
		}
		wantHits(t, got, 4)
		// The new window is shared too.
		clock.Add(time.Minute)
		got = nil
		for i := range 4 {
			got = append(got, hits(t, nodes[(i+1)%2], "login-ip:198.51.100.1", 2, 1)...)
		}
		wantHits(t, got, 2)
	})
}

func TestRateLimitDeletesEndedWindows(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clock := newTestClock(rateNow) // 10:00:20; the minute windows end at 10:01:00
		rl := store.NewRateLimits(db.DB, clock.Now)
		keys := []string{"a", "b", "c"}
		for _, k := range keys {
			hits(t, rl, k, 10, 2)
		}
		// Nothing has ended yet; at 10:01:05 the three windows have.
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 0 {
			t.Fatalf("before the end: deleted %d, %v; want 0", n, err)
		}
		clock.Set(rateNow.Add(45 * time.Second))
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 3 {
			t.Fatalf("after the end: deleted %d, %v; want 3", n, err)
		}

		// Hits delete ended windows by themselves, at most once a minute:
		// the first hit (at 10:00:20) swept, so the next sweep is due at 10:01:20.
		for _, k := range keys {
			hits(t, rl, k, 10, 1) // windows 10:01-10:02
		}
		clock.Set(rateNow.Add(time.Minute + 50*time.Second)) // 10:02:10: they have ended
		hits(t, rl, "d", 10, 1)                              // sweeps: due since 10:01:20
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 0 {
			t.Fatalf("after a hit's sweep: %d left to delete, %v; want 0", n, err)
		}
		// The open window of "d" was kept: its count goes on.
		wantHits(t, hits(t, rl, "d", 2, 2), 1)

		// The next sweep is a minute later; hits in between leave ended rows.
		clock.Add(55 * time.Second) // 10:03:05: d's window has ended
		hits(t, rl, "e", 10, 1)
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 1 {
			t.Fatalf("between sweeps: %d left to delete, %v; want 1 (d)", n, err)
		}
	})
}

// Concurrent hits through two nodes count exactly: none lost, none doubled.
func TestRateLimitConcurrentHits(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		const goroutines, each = 20, 10
		clock := newTestClock(rateNow)
		nodes := []*store.RateLimits{store.NewRateLimits(a, clock.Now), store.NewRateLimits(b, clock.Now)}
		limit := goroutines*each - 7
		var allowed, refused atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, goroutines)
		for g := range goroutines {
			wg.Go(func() {
				for range each {
					ok, _, err := nodes[g%2].Hit(context.Background(), "contact-ip:192.0.2.1", limit, time.Hour)
					if err != nil {
						errs <- err
						return
					}
					if ok {
						allowed.Add(1)
					} else {
						refused.Add(1)
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if allowed.Load() != int64(limit) || refused.Load() != 7 {
			t.Fatalf("allowed %d, refused %d; want %d, 7", allowed.Load(), refused.Load(), limit)
		}
	})
}

// BenchmarkRateLimitHit measures one hit from 32 concurrent callers, each on
// its own new key (distinct: every hit inserts a row, like logins from many
// addresses) or all on one key (shared: every hit updates one row, like a
// flood from one address). Run with:
//
//	go test ./store -run '^$' -bench RateLimitHit
func BenchmarkRateLimitHit(b *testing.B) {
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
		for _, shared := range []bool{false, true} {
			name := d.name + "/distinct"
			if shared {
				name = d.name + "/shared"
			}
			b.Run(name, func(b *testing.B) {
				db := d.open(b)
				rl := store.NewRateLimits(db, func() time.Time { return rateNow })
				var n atomic.Int64
				// RunParallel starts parallelism × GOMAXPROCS goroutines.
				b.SetParallelism(max(1, (32+runtime.GOMAXPROCS(0)-1)/runtime.GOMAXPROCS(0)))
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					ctx := context.Background()
					for pb.Next() {
						key := "bench:shared"
						if !shared {
							key = "bench:" + strconv.FormatInt(n.Add(1), 10)
						}
						if _, _, err := rl.Hit(ctx, key, 1<<30, time.Minute); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}
