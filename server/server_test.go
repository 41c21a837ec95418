package server_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

var testWeb = fstest.MapFS{
	"index.html":            {Data: []byte("<!doctype html><title>Marquee</title><div id=root></div>")},
	"assets/index-abc12.js": {Data: []byte(strings.Repeat("console.log('marquee');\n", 100))},
	"favicon.svg":           {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
}

// testServer is an httptest server over a fresh database.
type testServer struct {
	t   *testing.T
	db  *storetest.DB
	url string
}

// sqliteDB is a fresh SQLite test database with its services.
func sqliteDB(t *testing.T) *storetest.DB {
	t.Helper()
	return storetest.Wrap(t, storetest.OpenSQLite(t))
}

// adminCtx is a context signed in as an admin, for reading through the
// admin-only services.
func adminCtx(t *testing.T) context.Context {
	return storetest.AsUser(t.Context(), &marquee.User{ID: -1, Role: marquee.RoleAdmin})
}

// newTestServer serves db's services (payments in test mode); the server
// and the store share db's settable clock.
func newTestServer(t *testing.T, db *storetest.DB, edit ...func(*server.Config)) *testServer {
	t.Helper()
	return newTestServerOver(t, db, db.Domain(), edit...)
}

// newTestServerOver serves svc (db's services with some replaced).
func newTestServerOver(t *testing.T, db *storetest.DB, svc marquee.Services, edit ...func(*server.Config)) *testServer {
	t.Helper()
	cfg := server.DefaultConfig()
	cfg.Clock = db.Clock.Now
	cfg.Web = testWeb
	cfg.LoginRatePerMinute = 1000
	cfg.SignupRatePerHour = 1000
	cfg.ContactRatePerHour = 1000
	cfg.FestivalRegistrationsPerUserPerDay = 1000
	cfg.FestivalRegistrationsPerIPPerDay = 1000
	cfg.PasswordChangeRatePerHour = 1000
	for _, e := range edit {
		e(&cfg)
	}
	srv, err := server.New(cfg, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return &testServer{t: t, db: db, url: hs.URL}
}

// call is one request; token (if any) goes in as a Bearer credential.
type call struct {
	method, path, body, token string
	header                    map[string]string
}

type reply struct {
	status int
	header http.Header
	raw    []byte
	json   map[string]any
}

func (s *testServer) do(c call) reply {
	s.t.Helper()
	req, err := http.NewRequest(c.method, s.url+c.path, strings.NewReader(c.body))
	if err != nil {
		s.t.Fatal(err)
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{status: res.StatusCode, header: res.Header, raw: raw}
	if err := server.CheckAnswerForTest(c.method, c.path, res.StatusCode, res.Header.Get("Content-Type"), raw); err != nil {
		s.t.Error(err) // the answer strays from the API document
	}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		_ = json.Unmarshal(raw, &r.json)
	}
	return r
}

// signUp registers an account and returns a login token for it.
func (s *testServer) signUp(email, pw string) string {
	s.t.Helper()
	if r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"` + email + `","password":"` + pw + `"}`}); r.status != 201 {
		s.t.Fatalf("register %s: %d %s", email, r.status, r.raw)
	}
	return s.logIn(email, pw)
}

func (s *testServer) logIn(email, pw string) string {
	s.t.Helper()
	r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"` + email + `","password":"` + pw + `"}`})
	if r.status != 200 {
		s.t.Fatalf("login %s: %d %s", email, r.status, r.raw)
	}
	return r.json["token"].(string)
}

// admin creates an admin account and returns its token.
func (s *testServer) admin() string {
	s.t.Helper()
	if _, err := s.db.Users.UpsertAdmin(s.t.Context(), "root@example.com", "Root", "admin-password"); err != nil {
		s.t.Fatal(err)
	}
	return s.logIn("root@example.com", "admin-password")
}

func field(r reply, path ...string) any {
	var v any = r.json
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

func expect(t *testing.T, r reply, status int, msgContains string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.raw)
	}
	if msgContains != "" && !strings.Contains(field(r, "message").(string), msgContains) {
		t.Fatalf("message %q does not contain %q", field(r, "message"), msgContains)
	}
}

func TestHealthzAndHeaders(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		r := s.do(call{method: "GET", path: "/healthz"})
		expect(t, r, 200, "")
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Request-Id"} {
			if r.header.Get(h) == "" {
				t.Errorf("missing header %s", h)
			}
		}
		if r.header.Get("Strict-Transport-Security") != "" {
			t.Error("HSTS sent over plain HTTP")
		}
		if !strings.Contains(r.header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("CSP lacks frame-ancestors: %s", r.header.Get("Content-Security-Policy"))
		}
		r = s.do(call{method: "GET", path: "/healthz", header: map[string]string{"X-Request-Id": "abc-123"}})
		if r.header.Get("X-Request-Id") != "abc-123" {
			t.Errorf("request id not echoed: %q", r.header.Get("X-Request-Id"))
		}
	})
}

func TestBehindTLSProxy(t *testing.T) {
	s := newTestServer(t, sqliteDB(t), func(c *server.Config) { c.TrustProxy = true })
	r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"tls@example.com","password":"password-1"}`,
		header: map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9, 10.0.0.1"}})
	expect(t, r, 201, "")
	if r.header.Get("Strict-Transport-Security") == "" {
		t.Error("no HSTS behind a TLS proxy")
	}
	var secure bool
	for _, c := range (&http.Response{Header: r.header}).Cookies() {
		secure = secure || (c.Name == server.SessionCookie && c.Secure)
	}
	if !secure {
		t.Error("session cookie not Secure behind TLS")
	}
}

func TestHealthzDatabaseDown(t *testing.T) {
	db := sqliteDB(t)
	s := newTestServer(t, db)
	db.Close()
	expect(t, s.do(call{method: "GET", path: "/healthz"}), 503, "")
}

func TestStaticFiles(t *testing.T) {
	s := newTestServer(t, sqliteDB(t))
	for _, tc := range []struct {
		path, cache string
		status      int
		contains    string
	}{
		{"/", "no-cache", 200, "<div id=root>"},
		{"/about", "no-cache", 200, "<div id=root>"},
		{"/admin/users", "no-cache", 200, "<div id=root>"},
		{"/assets/index-abc12.js", "public, max-age=31536000, immutable", 200, "console.log"},
		{"/favicon.svg", "public, max-age=3600", 200, "<svg"},
		{"/assets/gone-123.js", "", 404, ""},
		{"/images/missing.png", "", 404, ""},
	} {
		r := s.do(call{method: "GET", path: tc.path})
		if r.status != tc.status || (tc.cache != "" && r.header.Get("Cache-Control") != tc.cache) || !bytes.Contains(r.raw, []byte(tc.contains)) {
			t.Errorf("%s: %d cache=%q body=%.60q", tc.path, r.status, r.header.Get("Cache-Control"), r.raw)
		}
	}
	// Unknown API paths are JSON 404s, never the app.
	r := s.do(call{method: "GET", path: "/api/v1/does-not-exist"})
	expect(t, r, 404, "Not found")
	// Assets are gzipped for clients that accept it, and revalidate by ETag.
	r = s.do(call{method: "GET", path: "/assets/index-abc12.js", header: map[string]string{"Accept-Encoding": "gzip"}})
	if r.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("not gzipped: %v", r.header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(r.raw))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !bytes.Contains(plain, []byte("console.log")) {
		t.Fatal("gzip body wrong")
	}
	r = s.do(call{method: "GET", path: "/assets/index-abc12.js", header: map[string]string{"If-None-Match": r.header.Get("ETag")}})
	if r.status != 304 {
		t.Fatalf("ETag revalidation: %d", r.status)
	}
}

func TestStaticWithoutBuild(t *testing.T) {
	s := newTestServer(t, sqliteDB(t), func(c *server.Config) { c.Web = fstest.MapFS{} })
	r := s.do(call{method: "GET", path: "/"})
	if r.status != 503 || !bytes.Contains(r.raw, []byte("make build")) {
		t.Fatalf("%d %s", r.status, r.raw)
	}
}

func TestCrossOriginWritesRefused(t *testing.T) {
	s := newTestServer(t, sqliteDB(t))
	r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"a@example.com","password":"whatever1"}`,
		header: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}})
	expect(t, r, 403, "Cross-origin")
	// Same-origin browser requests pass.
	r = s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"a@example.com","password":"whatever1"}`,
		header: map[string]string{"Sec-Fetch-Site": "same-origin"}})
	expect(t, r, 401, "Invalid email or password")
}

func TestClientAddressForRateLimits(t *testing.T) {
	signup := func(s *testServer, email, xff string) int {
		return s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"` + email + `","password":"password-1"}`,
			header: map[string]string{"X-Forwarded-For": xff}}).status
	}
	limitOne := func(c *server.Config) { c.SignupRatePerHour = 1 }
	// Without a trusted proxy the header is ignored: one peer, one allowance.
	s := newTestServer(t, sqliteDB(t), limitOne)
	if a, b := signup(s, "a@example.com", "203.0.113.1"), signup(s, "b@example.com", "203.0.113.2"); a != 201 || b != 429 {
		t.Fatalf("untrusted X-Forwarded-For: %d, %d; want 201, 429", a, b)
	}
	// Behind a trusted proxy each forwarded client has its own allowance.
	s = newTestServer(t, sqliteDB(t), limitOne, func(c *server.Config) { c.TrustProxy = true })
	if a, b := signup(s, "a@example.com", "203.0.113.1"), signup(s, "b@example.com", "203.0.113.2"); a != 201 || b != 201 {
		t.Fatalf("trusted X-Forwarded-For: %d, %d; want 201, 201", a, b)
	}
	if c := signup(s, "c@example.com", "203.0.113.1, 10.0.0.1"); c != 429 {
		t.Fatalf("same forwarded client again: %d, want 429", c)
	}
}
