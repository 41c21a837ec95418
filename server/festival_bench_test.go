package server_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// BenchmarkFestivalSearchHTTP measures GET /api/v1/festivals for a text
// query plus two filters over 10,000 seeded festivals, through the whole
// handler stack (middleware, search, JSON), 16 clients per core:
//
//	go test ./server -run '^$' -bench FestivalSearchHTTP -benchtime 3s
func BenchmarkFestivalSearchHTTP(b *testing.B) {
	db := storetest.Wrap(b, storetest.OpenSQLite(b))
	ctx := context.Background()
	u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "organiser@bench.example", PasswordHash: "x"})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Festivals.Import(ctx, u.ID, seed.Festivals(10_000, 1, db.Clock.Now())); err != nil {
		b.Fatal(err)
	}
	// Request logs off, as MARQUEE_LOG_LEVEL=error in the load runs.
	slog.SetLogLoggerLevel(slog.LevelError)
	cfg := server.DefaultConfig()
	cfg.Clock = db.Clock.Now
	srv, err := server.New(cfg, db.Domain(), nil)
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	for _, q := range []string{
		"q=%E6%98%A0%E7%94%BB&country=JP&open=true",
		"q=film&country=FR&open=true",
		"q=%E7%94%B5%E5%BD%B1&country=CN&open=true",
	} {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			b.SetParallelism(16) // 32 clients on two cores, as the README's figures
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/festivals?"+q, nil))
					if rec.Code != http.StatusOK {
						b.Fatalf("status %d: %s", rec.Code, rec.Body)
					}
					_, _ = io.Copy(io.Discard, rec.Body)
				}
			})
		})
	}
}
