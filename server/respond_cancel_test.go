package server_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
)

// failingPackages fails as the store does when its query's context ends,
// and with a real fault when the context is live.
type failingPackages struct{ marquee.PackageService }

func (failingPackages) List(ctx context.Context, lang string) ([]*marquee.Package, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("store: list packages: %w", err)
	}
	return nil, errors.New("store: list packages: disk I/O error")
}

// TestCancelledRequestIsNotAnError: a request whose browser went away
// (its context cancelled) is logged at info as a client cancel (499), never
// as level=ERROR status=500; a real failure still is.
func TestCancelledRequestIsNotAnError(t *testing.T) {
	db := sqliteDB(t)
	svc := db.Domain()
	svc.Packages = failingPackages{svc.Packages}
	var logs bytes.Buffer
	cfg := server.DefaultConfig()
	cfg.Clock = db.Clock.Now
	cfg.Web = testWeb
	srv, err := server.New(cfg, svc, slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", "/api/v1/packages", nil))
	out := logs.String()
	if rec.Code == http.StatusInternalServerError || strings.Contains(out, "level=ERROR") || strings.Contains(out, "status=500") {
		t.Fatalf("cancelled request answered %d and logged:\n%s", rec.Code, out)
	}
	if !strings.Contains(out, `level=INFO msg="request cancelled by the client"`) || !strings.Contains(out, "context canceled") ||
		!strings.Contains(out, "status=499") {
		t.Fatalf("cancelled request not logged as a client cancel:\n%s", out)
	}

	logs.Reset()
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequestWithContext(t.Context(), "GET", "/api/v1/packages", nil))
	out = logs.String()
	if rec.Code != http.StatusInternalServerError || !strings.Contains(out, `level=ERROR msg="request failed"`) || !strings.Contains(out, "status=500") {
		t.Fatalf("a real failure answered %d and logged:\n%s", rec.Code, out)
	}
}
