package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// rateNow is the rate limit tests' clock: 30 seconds into a minute, so the
// tests never straddle a window's end.
var rateNow = time.Date(2026, 3, 1, 10, 0, 30, 0, time.UTC)

// Two nodes (two Servers over two handles on one database) share the limits:
// attempts split across both are refused at the limit, not at twice it.
func TestRateLimitsSharedByNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, sa, sb *store.DB) {
		a, b := storetest.Wrap(t, sa), storetest.Wrap(t, sb)
		for _, db := range []*storetest.DB{a, b} {
			db.Clock.Set(rateNow)
		}
		cfg := func(c *server.Config) {
			c.LoginRatePerMinute = 4
			c.LoginFailuresPerClientPerMinute = 2
			c.TrustProxy = true
		}
		nodes := []*testServer{newTestServer(t, a, cfg), newTestServer(t, b, cfg)}
		login := func(i int, email, ip string) reply {
			return nodes[i%2].do(call{method: "POST", path: "/api/v1/user/login",
				body:   `{"email":"` + email + `","password":"bad-password"}`,
				header: map[string]string{"X-Forwarded-For": ip}})
		}
		limited := func(r reply, retryAfter string) {
			t.Helper()
			expect(t, r, 429, "Too many login attempts. Try again in a minute.")
			if got := r.header.Get("Retry-After"); got != retryAfter {
				t.Fatalf("Retry-After %q, want %q", got, retryAfter)
			}
		}

		// Per IP: four attempts a minute, whichever node they reach.
		for i := range 4 {
			expect(t, login(i, fmt.Sprintf("u%d@example.com", i), "203.0.113.1"), 401, "Invalid email or password")
		}
		limited(login(4, "u4@example.com", "203.0.113.1"), "30")
		limited(login(5, "u5@example.com", "203.0.113.1"), "30")

		// Failures per account and client: two a minute, whichever node
		// they reach; another client may still try the account.
		for i := range 2 {
			expect(t, login(i, "victim@example.com", "198.51.100.1"), 401, "")
		}
		r := login(2, "victim@example.com", "198.51.100.1")
		expect(t, r, 429, "Too many failed login attempts. Try again in a minute.")
		if got := r.header.Get("Retry-After"); got != "30" {
			t.Fatalf("Retry-After %q, want 30", got)
		}
		expect(t, login(3, "victim@example.com", "198.51.100.2"), 401, "")

		// The next minute starts afresh on both nodes.
		for _, db := range []*storetest.DB{a, b} {
			db.Clock.Set(rateNow.Add(time.Minute))
		}
		expect(t, login(0, "u6@example.com", "203.0.113.1"), 401, "")
		expect(t, login(1, "victim@example.com", "198.51.100.4"), 401, "")

		// Sign-ups and contact messages are shared the same way, per hour.
		hourly := func(c *server.Config) { c.SignupRatePerHour = 1; c.ContactRatePerHour = 1 }
		nodes = []*testServer{newTestServer(t, a, hourly), newTestServer(t, b, hourly)}
		expect(t, nodes[0].do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"new1@example.com","password":"password-1"}`}), 201, "")
		r = nodes[1].do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"new2@example.com","password":"password-1"}`})
		expect(t, r, 429, "Too many sign-ups from your network. Try again later.")
		if got := r.header.Get("Retry-After"); got != "3510" {
			t.Fatalf("sign-up Retry-After %q, want 3510 (the hour ends at 11:00, it is 10:01:30)", got)
		}
		contact := `{"name":"Ada","email":"ada@example.com","subject":"Hello","message":"A message long enough."}`
		expect(t, nodes[1].do(call{method: "POST", path: "/api/v1/contact", body: contact}), 201, "")
		expect(t, nodes[0].do(call{method: "POST", path: "/api/v1/contact", body: contact}), 429, "Too many messages from your network. Try again later.")
	})
}

// When the database cannot count, a limit that guards a secret refuses
// the request (503, Retry-After, in the client's language) without checking
// the password; a convenience limit lets it through and logs it. The server
// counts both (UncountedRequests).
func TestRateLimitFailsOpenOrClosed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "marquee.db")
	db, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	svc := storetest.Wrap(t, db)
	if _, err := svc.Users.UpsertAdmin(context.Background(), "root@example.com", "Root", "admin-password"); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`DROP TABLE rate_limits`); err != nil {
		t.Fatal(err)
	}

	var logs bytes.Buffer
	cfg := server.DefaultConfig()
	cfg.Clock = svc.Clock.Now
	cfg.ContactRatePerHour = 1
	srv, err := server.New(cfg, svc.Domain(), slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	s := &testServer{t: t, db: svc, url: hs.URL}
	contact := `{"name":"Ada","email":"ada@example.com","subject":"Hello","message":"A message long enough."}`
	for range 3 {
		expect(t, s.do(call{method: "POST", path: "/api/v1/contact", body: contact}), 201, "")
	}
	if !strings.Contains(logs.String(), "rate limit not counted; request allowed") || !strings.Contains(logs.String(), "rate_limits") {
		t.Fatalf("no error logged:\n%s", logs.String())
	}

	checks := password.Checks()
	r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"root@example.com","password":"admin-password"}`})
	expect(t, r, 503, "We could not check this request against its limit just now.")
	if got := r.header.Get("Retry-After"); got != "5" {
		t.Fatalf("Retry-After %q, want 5", got)
	}
	r = s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"root@example.com"}`,
		header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 503, "回数制限を確認できませんでした")
	if n := password.Checks() - checks; n != 0 {
		t.Fatalf("%d passwords checked while their limit could not count", n)
	}
	if !strings.Contains(logs.String(), "rate limit not counted; request refused") {
		t.Fatalf("no refusal logged:\n%s", logs.String())
	}
	if passed, refused := srv.UncountedRequests(); passed != 3 || refused != 2 {
		t.Fatalf("uncounted: passed %d, refused %d; want 3 and 2", passed, refused)
	}
}
