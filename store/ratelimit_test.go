package store_test

import (
	"context"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
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

// key is a key of policy name counting subject.
func key(name string, subject ...string) marquee.RateLimitKey {
	return marquee.RateLimitKey{Policy: marquee.RateLimitName(name), Subject: subject}
}

// hits counts n hits of k in minute windows and returns their counts.
func hits(t *testing.T, rl *store.RateLimits, k marquee.RateLimitKey, n int) []int {
	t.Helper()
	out := make([]int, n)
	for i := range out {
		c, _, err := rl.Hit(context.Background(), k, time.Minute)
		if err != nil {
			t.Fatalf("hit %d of %v: %v", i+1, k, err)
		}
		out[i] = c
	}
	return out
}

// upTo is 1..n.
func upTo(from, n int) []int {
	var out []int
	for i := from; i <= n; i++ {
		out = append(out, i)
	}
	return out
}

// A hit returns the window's count, itself included, and the time left in
// the window; each subject has its own count, and the next window starts
// from zero.
func TestRateLimitHit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clock := newTestClock(rateNow)
		rl := store.NewRateLimits(db.DB, clock.Now)

		ip := key("login-ip", "203.0.113.7")
		if got := hits(t, rl, ip, 5); !slices.Equal(got, upTo(1, 5)) {
			t.Fatalf("counts %v, want 1..5", got)
		}
		if n, retry, err := rl.Hit(ctx, ip, time.Minute); err != nil || n != 6 || retry != 40*time.Second {
			t.Fatalf("sixth: %d, %v, %v; want 6, 40s, nil", n, retry, err)
		}
		if got := hits(t, rl, key("login-ip", "203.0.113.8"), 1); got[0] != 1 {
			t.Fatalf("another subject: %v", got)
		}
		// Same name and value under another policy, or split in two parts:
		// other counters.
		if got := hits(t, rl, key("signup-ip", "203.0.113.7"), 1); got[0] != 1 {
			t.Fatalf("another policy: %v", got)
		}
		if got := hits(t, rl, key("login-ip", "203.0.113", "7"), 1); got[0] != 1 {
			t.Fatalf("two parts: %v", got)
		}
		// Still the same window 39.999 s later; a new one (and count) at the minute.
		clock.Set(rateNow.Add(40*time.Second - time.Millisecond))
		if n, retry, _ := rl.Hit(ctx, ip, time.Minute); n != 7 || retry != time.Millisecond {
			t.Fatalf("end of the window: %d, %v; want 7, 1ms", n, retry)
		}
		clock.Set(rateNow.Add(40 * time.Second))
		if got := hits(t, rl, ip, 2); !slices.Equal(got, []int{1, 2}) {
			t.Fatalf("next window: %v", got)
		}

		// Hour windows end on the hour.
		clock.Set(rateNow)
		if n, retry, err := rl.Hit(ctx, key("signup-ip", "203.0.113.9"), time.Hour); err != nil || n != 1 || retry != time.Hour-20*time.Second {
			t.Fatalf("hour window: %d, %v, %v", n, retry, err)
		}
		// Any bytes may be a subject; a window must be whole microseconds.
		if got := hits(t, rl, key("login-fail-account", "zoë@exämple.com\x00\xff", strings.Repeat("a", 300)), 2); got[1] != 2 {
			t.Fatalf("odd subject: %v", got)
		}
		for _, w := range []time.Duration{0, -time.Minute, 1500 * time.Nanosecond} {
			if _, _, err := rl.Hit(ctx, key("bad-window"), w); err == nil {
				t.Fatalf("window %v: no error", w)
			}
		}
	})
}

// The table holds a key's policy name and a 128-bit hash of each part of
// its subject, never the subject: no address, IP or user id.
func TestRateLimitKeysHoldNoSubject(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		rl := store.NewRateLimits(db.DB, newTestClock(rateNow).Now)
		subjects := []string{"ada@example.com", "203.0.113.7", "2001:db8:1:2::/64", "42"}
		for _, s := range subjects {
			hits(t, rl, key("reset-address", s), 1)
			hits(t, rl, key("login-fail-client", "198.51.100.1", s), 1)
		}
		keys, err := rl.StoredKeys(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 2*len(subjects) {
			t.Fatalf("keys %q", keys)
		}
		shape := regexp.MustCompile(`^(reset-address|login-fail-client:[0-9a-f]{32}):[0-9a-f]{32}$`)
		for _, k := range keys {
			if !shape.MatchString(k) {
				t.Errorf("key %q is not a name and hashes", k)
			}
			// (Only strings that cannot be hex: the shape above rules out the rest.)
			for _, s := range []string{"example", "@", ".", "/64"} {
				if strings.Contains(k, s) {
					t.Errorf("key %q holds %q", k, s)
				}
			}
		}
	})
}

// Two nodes are two *store.DB handles on one database: they share the
// pepper (so they hash a subject alike) and the count.
func TestRateLimitSharedByNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		clock := newTestClock(rateNow)
		nodes := []*store.RateLimits{store.NewRateLimits(a, clock.Now), store.NewRateLimits(b, clock.Now)}
		k := key("login-ip", "198.51.100.1")
		var got []int
		for i := range 6 {
			got = append(got, hits(t, nodes[i%2], k, 1)...)
		}
		if !slices.Equal(got, upTo(1, 6)) {
			t.Fatalf("counts across nodes %v, want 1..6", got)
		}
		// The new window is shared too.
		clock.Add(time.Minute)
		got = nil
		for i := range 4 {
			got = append(got, hits(t, nodes[(i+1)%2], k, 1)...)
		}
		if !slices.Equal(got, upTo(1, 4)) {
			t.Fatalf("next window %v, want 1..4", got)
		}
	})
}

// A refund takes one hit back, never below zero; a key without hits is
// left alone.
func TestRateLimitRefund(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		rl := store.NewRateLimits(db.DB, newTestClock(rateNow).Now)
		k := key("festival-user", "7")
		hits(t, rl, k, 3)
		if err := rl.Refund(ctx, k, time.Minute); err != nil {
			t.Fatal(err)
		}
		if got := hits(t, rl, k, 1); got[0] != 3 {
			t.Fatalf("after a refund of three: %v, want 3", got)
		}
		for range 5 {
			if err := rl.Refund(ctx, k, time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		if got := hits(t, rl, k, 1); got[0] != 1 {
			t.Fatalf("after refunds past zero: %v, want 1", got)
		}
		if err := rl.Refund(ctx, key("festival-user", "none"), time.Minute); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRateLimitDeletesEndedWindows(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clock := newTestClock(rateNow) // 10:00:20; the minute windows end at 10:01:00
		rl := store.NewRateLimits(db.DB, clock.Now)
		keys := []marquee.RateLimitKey{key("a"), key("b"), key("c")}
		for _, k := range keys {
			hits(t, rl, k, 2)
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
			hits(t, rl, k, 1) // windows 10:01-10:02
		}
		clock.Set(rateNow.Add(time.Minute + 50*time.Second)) // 10:02:10: they have ended
		hits(t, rl, key("d"), 1)                             // sweeps: due since 10:01:20
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 0 {
			t.Fatalf("after a hit's sweep: %d left to delete, %v; want 0", n, err)
		}
		// The open window of "d" was kept: its count goes on.
		if got := hits(t, rl, key("d"), 1); got[0] != 2 {
			t.Fatalf("d after the sweep: %v, want 2", got)
		}

		// The next sweep is a minute later; hits in between leave ended rows.
		clock.Add(55 * time.Second) // 10:03:05: d's window has ended
		hits(t, rl, key("e"), 1)
		if n, err := rl.DeleteExpired(ctx); err != nil || n != 1 {
			t.Fatalf("between sweeps: %d left to delete, %v; want 1 (d)", n, err)
		}
	})
}

// Concurrent hits through two nodes count exactly: the counts handed out
// are 1..n, each once (none lost, none doubled, none shared), though each
// node sends the hits that arrive together in one statement.
func TestRateLimitConcurrentHits(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		const goroutines, each = 40, 10
		clock := newTestClock(rateNow)
		nodes := []*store.RateLimits{store.NewRateLimits(a, clock.Now), store.NewRateLimits(b, clock.Now)}
		shared := key("contact-ip", "192.0.2.1")
		var mu sync.Mutex
		var counts []int
		own := map[string]int{}
		var wg sync.WaitGroup
		errs := make(chan error, goroutines)
		for g := range goroutines {
			wg.Go(func() {
				for i := range each {
					// Every hit on the shared key, and one on a key of its own.
					n, _, err := nodes[g%2].Hit(context.Background(), shared, time.Hour)
					if err != nil {
						errs <- err
						return
					}
					mine := key("contact-ip", strconv.Itoa(g), strconv.Itoa(i))
					m, _, err := nodes[(g+i)%2].Hit(context.Background(), mine, time.Hour)
					if err != nil {
						errs <- err
						return
					}
					mu.Lock()
					counts = append(counts, n)
					own[strconv.Itoa(g)+"/"+strconv.Itoa(i)] = m
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		slices.Sort(counts)
		if !slices.Equal(counts, upTo(1, goroutines*each)) {
			t.Fatalf("shared key's counts %v, want 1..%d each once", counts, goroutines*each)
		}
		for k, m := range own {
			if m != 1 {
				t.Fatalf("key %s counted %d, want 1", k, m)
			}
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
				var n sync.Mutex
				next := 0
				// RunParallel starts parallelism × GOMAXPROCS goroutines.
				b.SetParallelism(max(1, (32+runtime.GOMAXPROCS(0)-1)/runtime.GOMAXPROCS(0)))
				b.ResetTimer()
				b.RunParallel(func(pb *testing.PB) {
					ctx := context.Background()
					for pb.Next() {
						k := key("bench", "shared")
						if !shared {
							n.Lock()
							next++
							k = key("bench", strconv.Itoa(next))
							n.Unlock()
						}
						if _, _, err := rl.Hit(ctx, k, time.Minute); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}
