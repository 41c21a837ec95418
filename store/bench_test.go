package store_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
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

// scaleDB returns the services over a SQLite database seeded once per
// test binary.
func scaleDB(b *testing.B) *storetest.DB {
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
		svc, err := store.NewServices(db, store.Options{Password: storetest.FastPasswords})
		if err != nil {
			scaleErr = err
			return
		}
		scaleErr = svc.Users.SeedUsers(ctx, scaleUsers, store.SeedUsersOptions{PasswordHash: "$argon2id$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA", Span: 18 * 30 * 24 * time.Hour})
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
	return storetest.Wrap(b, db)
}

// TestMain runs the tests through storetest.Main (which drops the test
// databases afterwards) and removes the benchmarks' seeded database.
func TestMain(m *testing.M) {
	code := storetest.Run(m)
	if scaleDir != "" {
		os.RemoveAll(scaleDir)
	}
	os.Exit(code)
}

func BenchmarkDashboard(b *testing.B) {
	db := scaleDB(b)
	ctx := countingAdmin()
	b.ResetTimer()
	for b.Loop() {
		if _, err := db.Users.Dashboard(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindUserByEmail(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	for b.Loop() {
		if _, err := db.Users.FindUserByEmail(ctx, "seed-0250000@example.test"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFindSessionUser(b *testing.B) {
	db := scaleDB(b)
	ctx := context.Background()
	token, err := db.Sessions.Start(ctx, 250000, "bench", "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := db.Sessions.User(ctx, token); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListUsersFirstPage(b *testing.B) {
	db := scaleDB(b)
	ctx := countingAdmin()
	for b.Loop() {
		if _, err := db.Users.ListUsers(ctx, marquee.UserFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListUsersSearch(b *testing.B) {
	db := scaleDB(b)
	ctx := countingAdmin()
	for b.Loop() {
		if _, err := db.Users.ListUsers(ctx, marquee.UserFilter{Query: "seed-04999", PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSeedUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		if err := db.Users.SeedUsers(ctx, 1203, store.SeedUsersOptions{PasswordHash: "h", Span: 365 * 24 * time.Hour}); err != nil {
			t.Fatal(err)
		}
		s, err := db.Users.Dashboard(countingAdmin())
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
