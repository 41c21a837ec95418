package store_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// BenchmarkSettle measures settlements of success per second with 32
// concurrent clients (GOMAXPROCS × parallelism), each settling a fresh
// pending purchase of one of 64 buyers: the purchases' checkouts are
// setup, outside the timer; each timed operation is one Settle that
// grants (status, ledger row, balance, receipt in one transaction).
//
//	go test ./store -run '^$' -bench BenchmarkSettle -benchtime 3000x
func BenchmarkSettle(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchSettle(b, storetest.OpenSQLite(b)) })
	if os.Getenv(storetest.PostgresEnv) != "" {
		b.Run("postgres", func(b *testing.B) { benchSettle(b, storetest.OpenPostgres(b)) })
	}
}

func benchSettle(b *testing.B, db *store.DB) {
	ctx := context.Background()
	svc, _ := payServices(b, db, time.Now)
	buyers := make([]*marquee.User, 64)
	for i := range buyers {
		u, err := svc.Users.CreateUser(ctx, store.UserRecord{Email: fmt.Sprintf("buyer%d@example.com", i), PasswordHash: "h"})
		if err != nil {
			b.Fatal(err)
		}
		buyers[i] = u
	}
	// Setup: b.N pending purchases, made by 8 clients at once.
	purchases := make([]*marquee.Purchase, b.N)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < b.N; i += 8 {
				r, err := svc.Payments.Checkout(as(buyers[i%len(buyers)]), marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: pmPending})
				if err != nil {
					setupErr.Store(err)
					return
				}
				purchases[i] = r.Purchase
			}
		}()
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		b.Fatal(err)
	}

	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	var next atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			p := purchases[next.Add(1)-1]
			if _, err := svc.Payments.Settle(ctx, success(p)); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "settles/s")
	if got := count(b, db, `SELECT COALESCE(SUM(credits), 0) FROM users`); got != int64(b.N)*100 {
		b.Fatalf("granted %d credits for %d settlements", got, b.N)
	}
	assertLedgerBalanced(b, db)
}
