package server_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// abuseNow is 30 seconds into a minute (and an hour, and 15 minutes), so
// that no window ends during a test.
var abuseNow = time.Date(2026, 3, 10, 12, 0, 30, 0, time.UTC)

// defaultLoginLimits restores the production login limits that
// newTestServer raises, behind a trusted proxy so that each test client has
// its own address.
func defaultLoginLimits(c *server.Config) {
	def := server.DefaultConfig()
	c.LoginRatePerMinute = def.LoginRatePerMinute
	c.LoginFailuresPerClientPerMinute = def.LoginFailuresPerClientPerMinute
	c.LoginFailuresPerAccountPer15Min = def.LoginFailuresPerAccountPer15Min
	c.TrustProxy = true
}

func loginFrom(s *testServer, email, pw, ip string) reply {
	s.t.Helper()
	return s.do(call{method: "POST", path: "/api/v1/user/login",
		body:   `{"email":"` + email + `","password":"` + pw + `"}`,
		header: map[string]string{"X-Forwarded-For": ip}})
}

// Strangers' wrong passwords, ten and then fifty (the account-wide cap),
// each from its own address, never make the owner's right password answer
// 429, an admin's included; the attacker's own client is refused after its
// five failures, and once the account has fifty failures every client that
// has failed for it is refused while a fresh one may still try.
func TestLoginStrangersCannotLockOutOwner(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(abuseNow)
		s := newTestServer(t, db, defaultLoginLimits)
		s.signUp("owner@example.com", "owner-password")
		s.admin()
		def := server.DefaultConfig()
		for _, victim := range []struct{ email, pw string }{
			{"owner@example.com", "owner-password"},
			{"root@example.com", "admin-password"},
		} {
			t.Run(victim.email, func(t *testing.T) {
				// Ten strangers, one wrong guess each (the old per-account
				// limit answered the owner 429 after them).
				for i := range 10 {
					expect(t, loginFrom(s, victim.email, "wrong-password", fmt.Sprintf("198.51.100.%d", i+1)), 401, "")
				}
				expect(t, loginFrom(s, victim.email, victim.pw, "203.0.113.9"), 200, "")

				// Forty more, to the account-wide cap of fifty, from
				// addresses in other /64s, e-mail spelt differently.
				for i := 10; i < def.LoginFailuresPerAccountPer15Min; i++ {
					email := victim.email
					if i%2 == 0 {
						email = "  " + strings.ToUpper(email) + " "
					}
					expect(t, loginFrom(s, email, "wrong-password", fmt.Sprintf("2001:db8:%x::1", i)), 401, "")
				}
				// The owner at home, and on a new network, still gets in.
				expect(t, loginFrom(s, victim.email, victim.pw, "203.0.113.9"), 200, "")
				expect(t, loginFrom(s, victim.email, victim.pw, "2001:db8:ffff::5"), 200, "")
				// A stranger who has failed is refused now, even with the
				// right password, until the 15 minutes end.
				r := loginFrom(s, victim.email, victim.pw, "198.51.100.1")
				expect(t, r, 429, "Too many failed login attempts for this account. Try again later.")
				if got := r.header.Get("Retry-After"); got != "870" {
					t.Fatalf("Retry-After %q, want 870 (the window ends at 12:15)", got)
				}
				// The next 15 minutes start afresh.
				db.Clock.Set(abuseNow.Add(15 * time.Minute))
				expect(t, loginFrom(s, victim.email, "wrong-password", "198.51.100.1"), 401, "")
				db.Clock.Set(abuseNow)
			})
		}
	})
}

// One client's failures for one account are limited: the sixth within the
// minute answers 429 (in the client's language) whatever the password, the
// e-mail's case or spaces, and whichever address of its IPv6 /64 it uses;
// the owner elsewhere is not affected.
func TestLoginFailuresPerClient(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(abuseNow)
		s := newTestServer(t, db, defaultLoginLimits)
		s.signUp("owner@example.com", "owner-password")
		perClient := server.DefaultConfig().LoginFailuresPerClientPerMinute
		emails := []string{"owner@example.com", "OWNER@example.com", " Owner@Example.com "}
		for i := range perClient {
			expect(t, loginFrom(s, emails[i%len(emails)], "wrong-password", fmt.Sprintf("2001:db8:1:2::%x", i+1)), 401, "")
		}
		r := loginFrom(s, "owner@example.com", "owner-password", "2001:db8:1:2:ffff::1")
		expect(t, r, 429, "Too many failed login attempts. Try again in a minute.")
		if got := r.header.Get("Retry-After"); got != "30" {
			t.Fatalf("Retry-After %q, want 30", got)
		}
		r = s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"owner@example.com","password":"x-password"}`,
			header: map[string]string{"X-Forwarded-For": "2001:db8:1:2::9", "Accept-Language": "ja"}})
		expect(t, r, 429, "ログインの失敗が多すぎます")
		// The same client may still try another account, and the owner
		// from another network gets in.
		expect(t, loginFrom(s, "other@example.com", "wrong-password", "2001:db8:1:2::1"), 401, "")
		expect(t, loginFrom(s, "owner@example.com", "owner-password", "2001:db8:1:3::1"), 200, "")
		// A right password does not count as a failure.
		for range perClient + 1 {
			expect(t, loginFrom(s, "owner@example.com", "owner-password", "203.0.113.50"), 200, "")
		}
	})
}

// Thirty wrong guesses of the current password: the limit (ten an hour per
// user) answers 429 from the eleventh, with Retry-After and in the user's
// language, and the right password too is refused until the hour ends.
func TestPasswordChangeRateLimited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(abuseNow)
		perHour := server.DefaultConfig().PasswordChangeRatePerHour
		s := newTestServer(t, db, func(c *server.Config) { c.PasswordChangeRatePerHour = perHour })
		tok := s.signUp("pw@example.com", "password-1")
		other := s.signUp("other@example.com", "password-1")
		firstLimited := 0
		for i := 1; i <= 30; i++ {
			r := s.do(call{method: "POST", path: "/api/v1/me/password", token: tok,
				body: `{"currentPassword":"guess-` + strconv.Itoa(i) + `","newPassword":"password-2"}`})
			if r.status == 429 {
				firstLimited = i
				expect(t, r, 429, "Too many password attempts. Try again later.")
				if got := r.header.Get("Retry-After"); got != "3570" {
					t.Fatalf("Retry-After %q, want 3570 (the hour ends at 13:00)", got)
				}
				break
			}
			expect(t, r, 400, "Current password is incorrect")
		}
		if firstLimited != perHour+1 {
			t.Fatalf("first 429 at guess %d, want %d", firstLimited, perHour+1)
		}
		r := s.do(call{method: "POST", path: "/api/v1/me/password", token: tok, body: `{"currentPassword":"password-1","newPassword":"password-2"}`,
			header: map[string]string{"Accept-Language": "zh"}})
		expect(t, r, 429, "密码尝试次数过多")
		// Another user is not affected.
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/password", token: other, body: `{"currentPassword":"password-1","newPassword":"password-2"}`}), 204, "")
		db.Clock.Set(abuseNow.Add(time.Hour))
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/password", token: tok, body: `{"currentPassword":"password-1","newPassword":"password-2"}`}), 204, "")
	})
}

// Festival registrations: ten a day per user, thirty a day per client
// address, on both the REST call and the seed's compatibility call; a
// registration that fails (invalid) does not count.
func TestFestivalRegistrationLimits(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(festivalNow)
		def := server.DefaultConfig()
		s := newTestServer(t, db, func(c *server.Config) {
			c.FestivalRegistrationsPerUserPerDay = def.FestivalRegistrationsPerUserPerDay
			c.FestivalRegistrationsPerIPPerDay = def.FestivalRegistrationsPerIPPerDay
			c.TrustProxy = true
		})
		create := func(token, ip string, compat bool, edit map[string]any) reply {
			path := "/api/v1/festivals"
			if compat {
				path = "/api/v1/festival/create"
			}
			return s.do(call{method: "POST", path: path, token: token, body: festivalJSON(edit),
				header: map[string]string{"X-Forwarded-For": ip}})
		}

		// Per user: ten, whichever call and address; invalid ones do not count.
		tok := s.signUp("org@example.com", "password-1")
		for i := range def.FestivalRegistrationsPerUserPerDay {
			expect(t, create(tok, "198.51.100.1", false, map[string]any{"startDate": "2020-01-01"}), 400, "")
			expect(t, create(tok, fmt.Sprintf("198.51.100.%d", i%3+1), i%2 == 1, map[string]any{"name": fmt.Sprintf("Festival %d", i)}), 201, "")
		}
		r := create(tok, "198.51.100.9", false, nil)
		expect(t, r, 429, "You have registered too many festivals today. Try again later.")
		if got := r.header.Get("Retry-After"); got != "43200" {
			t.Fatalf("Retry-After %q, want 43200 (the day ends at midnight UTC)", got)
		}
		r = create(tok, "198.51.100.9", true, map[string]any{})
		if r.status != 429 || r.json["success"] != false || r.json["code"] != "rate_limited" {
			t.Fatalf("seed call over the limit: %d %s", r.status, r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: tok, body: festivalJSON(nil),
			header: map[string]string{"X-Forwarded-For": "198.51.100.9", "Accept-Language": "ja"}})
		expect(t, r, 429, "本日の映画祭の登録数")

		// Per client address: thirty from one address, by four users.
		var users []string
		for i := range 4 {
			users = append(users, s.signUp(fmt.Sprintf("net%d@example.com", i), "password-1"))
		}
		for i := range def.FestivalRegistrationsPerIPPerDay {
			expect(t, create(users[i%4], "2001:db8:5:6::"+strconv.Itoa(i+1), i%2 == 0, map[string]any{"name": fmt.Sprintf("Net festival %d", i)}), 201, "")
		}
		r = create(users[3], "2001:db8:5:6:ffff::1", false, nil)
		expect(t, r, 429, "Too many festival registrations from your network. Try again later.")
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: users[3], body: festivalJSON(nil),
			header: map[string]string{"X-Forwarded-For": "2001:db8:5:6::1", "Accept-Language": "zh"}})
		expect(t, r, 429, "来自您网络的电影节登记过多")
		// The refused user may still register from another network, and
		// the next day starts afresh.
		expect(t, create(users[3], "203.0.113.77", false, nil), 201, "")
		db.Clock.Set(festivalNow.Add(24 * time.Hour))
		expect(t, create(tok, "198.51.100.9", false, nil), 201, "")
	})
}
