package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestRegister(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"Film@Example.com","password":"longenough"}`})
		expect(t, r, 201, "")
		if field(r, "user", "email") != "film@example.com" || field(r, "user", "role") != "filmmaker" || field(r, "user", "name") != "film" {
			t.Fatalf("user %s", r.raw)
		}
		if strings.Contains(strings.ToLower(string(r.raw)), "password") || strings.Contains(string(r.raw), "argon2") {
			t.Fatalf("response leaks the password: %s", r.raw)
		}
		var cookie *http.Cookie
		for _, c := range (&http.Response{Header: r.header}).Cookies() {
			if c.Name == server.SessionCookie {
				cookie = c
			}
		}
		if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Value == "" {
			t.Fatalf("session cookie %+v", cookie)
		}
		// The cookie signs the new account in.
		me := s.do(call{method: "GET", path: "/api/v1/me", header: map[string]string{"Cookie": cookie.Name + "=" + cookie.Value}})
		expect(t, me, 200, "")

		for _, tc := range []struct {
			name, body string
			status     int
			msg, field string
		}{
			{"missing fields", `{}`, 400, "Email and password are required", "email"},
			{"missing password", `{"email":"x@example.com"}`, 400, "Password is required", "password"},
			{"bad email", `{"email":"not-an-email","password":"longenough"}`, 400, "valid email", "email"},
			{"short password", `{"email":"y@example.com","password":"short"}`, 400, "at least 8", "password"},
			{"duplicate any case", `{"email":"FILM@example.COM","password":"longenough"}`, 409, "Email already exists", "email"},
			{"malformed json", `{"email":`, 400, "Malformed JSON", ""},
			{"empty body", ``, 400, "empty", ""},
			{"trailing data", `{"email":"z@example.com","password":"longenough"} {}`, 400, "Malformed JSON", ""},
			{"wrong type", `{"email":5,"password":"longenough"}`, 400, "wrong type", "email"},
			{"oversize body", `{"email":"a@example.com","password":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "too large", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := s.do(call{method: "POST", path: "/api/v1/user/register", body: tc.body})
				expect(t, r, tc.status, tc.msg)
				if tc.field != "" && field(r, "fields", tc.field) == nil {
					t.Fatalf("no message for field %s: %s", tc.field, r.raw)
				}
			})
		}
		// Nothing half-written: only the one good account exists.
		page, err := db.Users.ListUsers(adminCtx(t), marquee.UserFilter{})
		if err != nil || page.Total != 1 {
			t.Fatalf("%v users after bad sign-ups, want 1 (%v)", page, err)
		}
	})
}

func TestLoginLogout(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		s.signUp("ann@example.com", "password-1")
		r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"ANN@example.com","password":"password-1"}`})
		expect(t, r, 200, "")
		token, _ := field(r, "token").(string)
		if token == "" || field(r, "user", "email") != "ann@example.com" || field(r, "user", "credits") != float64(0) {
			t.Fatalf("login reply %s", r.raw)
		}
		if strings.Contains(string(r.raw), "argon2") || strings.Contains(strings.ToLower(string(r.raw)), "password") {
			t.Fatalf("login leaks the hash: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: token}), 200, "")
		if r := s.do(call{method: "GET", path: "/api/v1/session", token: token}); r.status != 200 || field(r, "user", "email") != "ann@example.com" {
			t.Fatalf("session signed in: %d %s", r.status, r.raw)
		}
		if r := s.do(call{method: "GET", path: "/api/v1/session"}); r.status != 200 || string(r.raw) != "{\"user\":null}\n" {
			t.Fatalf("session visitor: %d %s", r.status, r.raw)
		}

		wrong := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"ann@example.com","password":"wrong-pass"}`})
		unknown := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"nobody@example.com","password":"wrong-pass"}`})
		expect(t, wrong, 401, "Invalid email or password")
		if string(wrong.raw) != string(unknown.raw) || unknown.status != 401 {
			t.Fatalf("unknown email answered differently: %s vs %s", unknown.raw, wrong.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"","password":""}`}), 400, "Both fields are required")
		expect(t, s.do(call{method: "POST", path: "/api/v1/user/login", body: `[1,2]`}), 400, "")

		expect(t, s.do(call{method: "POST", path: "/api/v1/auth/logout", token: token}), 204, "")
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: token}), 401, "Please log in")
		expect(t, s.do(call{method: "GET", path: "/api/v1/me"}), 401, "")
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: "forged"}), 401, "")
		// Logging out without a session is harmless.
		expect(t, s.do(call{method: "POST", path: "/api/v1/auth/logout"}), 204, "")
	})
}

func TestLoginRateLimited(t *testing.T) {
	s := newTestServer(t, sqliteDB(t), func(c *server.Config) { c.LoginRatePerMinute = 4 })
	s.signUp("rate@example.com", "password-1")
	limited := 0
	for range 6 {
		r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"rate@example.com","password":"bad-password"}`})
		if r.status == 429 {
			limited++
			expect(t, r, 429, "Too many login attempts")
		}
	}
	// signUp's login used one token of the IP's four; the account has two.
	if limited == 0 {
		t.Fatal("login was never rate limited")
	}
	// Another account from the same IP is refused too once the IP is spent.
	r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"other@example.com","password":"bad-password"}`})
	expect(t, r, 429, "")
}

func TestSignupRateLimited(t *testing.T) {
	s := newTestServer(t, sqliteDB(t), func(c *server.Config) { c.SignupRatePerHour = 2 })
	for i, want := range []int{201, 201, 429} {
		r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"u` + string(rune('a'+i)) + `@example.com","password":"password-1"}`})
		expect(t, r, want, "")
	}
}

func TestChangePassword(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		tok := s.signUp("pw@example.com", "password-1")
		other := s.logIn("pw@example.com", "password-1")
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/password", body: `{"currentPassword":"password-1","newPassword":"password-2"}`}), 401, "")
		r := s.do(call{method: "POST", path: "/api/v1/me/password", token: tok, body: `{"currentPassword":"nope-nope","newPassword":"password-2"}`})
		expect(t, r, 400, "Current password is incorrect")
		r = s.do(call{method: "POST", path: "/api/v1/me/password", token: tok, body: `{"currentPassword":"password-1","newPassword":"short"}`})
		expect(t, r, 400, "at least 8")
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/password", token: tok, body: `{"currentPassword":"password-1","newPassword":"password-2"}`}), 204, "")
		expect(t, s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"pw@example.com","password":"password-1"}`}), 401, "")
		s.logIn("pw@example.com", "password-2")
		// This session stays; the other one ended.
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: tok}), 200, "")
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: other}), 401, "")
	})
}

func TestAcceptTerms(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/terms"}), 401, "")
		tok := s.signUp("terms@example.com", "password-1")
		r := s.do(call{method: "POST", path: "/api/v1/me/terms", token: tok})
		expect(t, r, 200, "")
		if field(r, "user", "termsAcceptedAt") == nil {
			t.Fatalf("terms not recorded: %s", r.raw)
		}
	})
}
