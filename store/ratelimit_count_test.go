package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Count reads a key's hits in the current window without adding one, as
// every node sees them; a refund takes one back; a new window counts from
// zero.
func TestRateLimitCount(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clock := newTestClock(rateNow)
		rl := store.NewRateLimits(db.DB, clock.Now)
		count := func(key string) (int, time.Duration) {
			t.Helper()
			n, retry, err := rl.Count(ctx, key, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			return n, retry
		}
		if n, retry := count("login-fail:a"); n != 0 || retry != 40*time.Second {
			t.Fatalf("no hits: %d, %v; want 0, 40s", n, retry)
		}
		hits(t, rl, "login-fail:a", 2, 3)
		for range 2 {
			if n, _ := count("login-fail:a"); n != 3 {
				t.Fatalf("after three hits: %d", n)
			}
		}
		if n, _ := count("login-fail:b"); n != 0 {
			t.Fatalf("another key: %d", n)
		}
		// A long key is stored hashed; Count finds it the same way.
		long := "login-fail:" + string(make([]byte, 200))
		hits(t, rl, long, 5, 2)
		if n, _ := count(long); n != 2 {
			t.Fatalf("long key: %d, want 2", n)
		}
		// A refund takes one hit back, never below zero.
		for range 5 {
			if err := rl.Refund(ctx, "login-fail:a", time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		if n, _ := count("login-fail:a"); n != 0 {
			t.Fatalf("after refunds: %d, want 0", n)
		}
		if ok, _, _ := rl.Hit(ctx, "login-fail:a", 1, time.Minute); !ok {
			t.Fatal("a refunded key is refused")
		}
		if err := rl.Refund(ctx, "login-fail:none", time.Minute); err != nil {
			t.Fatal(err)
		}
		clock.Set(rateNow.Add(40 * time.Second))
		if n, retry := count("login-fail:a"); n != 0 || retry != time.Minute {
			t.Fatalf("next window: %d, %v; want 0, 1m", n, retry)
		}
	})
}
