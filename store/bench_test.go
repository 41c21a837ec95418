package store_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The about page claims 500,000 filmmakers; benchmarks run against that many
// users, spread over the last eighteen months. Run with:
//
//	go test ./store -run '^$' -bench . -benchtime 200x
var (
	scaleOnce sync.Once
	scaleDir  string
	scaleErr  error
)

const scaleUsers = 500_000

// scaleDB returns a SQLite database seeded once per test binary.
func scaleDB(b *testing.B) *store.DB {
	b.Helper()
	scaleOnce.Do(func() {
		scaleDir, scaleErr = os.MkdirTemp("", "marquee-bench-")
		if scaleErr != nil {
			return
		}
		ctx := context.Background()
		db, err := store.Open(ctx, "sqlite:"+filepath.Join(scaleDir, "scale.db"))
		if err != nil {
			scaleErr = err
			return
		}
		defer db.Close()
		if scaleErr = db.Migrate(ctx); scaleErr != nil {
			return
		}
		start := time.Now()
		scaleErr = db.SeedUsers(ctx, scaleUsers, "$argon2id$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA", 18*30*24*time.Hour)
		b.Logf("seeded %d users in %s", scaleUsers, time.Since(start).Round(time.Millisecond))
	})
	if scaleErr != nil {
		b.Fatal(scaleErr)
	}
	db, err := store.Open(context.Background(), "sqlite:"+filepath.Join(scaleDir, "scale.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

func TestMain(m *testing.M) {
	code := m.Run()
	if scaleDir != "" {
		os.RemoveAll(scaleDir)
	}
	os.Exit(code)
}

func BenchmarkDashboard(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.Dashboard(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindUserByEmail(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.FindUserByEmail(ctx, "seed-0250000@example.test"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindSessionUser(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	if _, err := db.CreateSession(ctx, 250000, "bench-hash", time.Hour, "bench", "127.0.0.1"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := db.FindSessionUser(ctx, "bench-hash"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListUsersFirstPage(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := db.ListUsers(ctx, store.UserFilter{Limit: 50}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListUsersSearch(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := db.ListUsers(ctx, store.UserFilter{Query: "seed-04999", Limit: 50}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSeedUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.SeedUsers(ctx, 1203, "h", 365*24*time.Hour); err != nil {
			t.Fatal(err)
		}
		s, err := db.Dashboard(ctx)
		if err != nil || s.TotalUsers != 1203 {
			t.Fatalf("dashboard %+v %v", s, err)
		}
		var sum int64
		for _, m := range s.SignupsByMonth {
			sum += m.Users
		}
		if sum < 1100 || sum > 1203 {
			t.Fatalf("sign-ups spread over the year: %d in the last twelve months", sum)
		}
	})
}
