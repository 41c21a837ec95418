package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// burst sends n copies of c at once (all released together) and returns
// how many got each status, and one body per status.
func burst(t *testing.T, s *testServer, n int, c call) (map[int]int, map[int]string) {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 256, MaxIdleConnsPerHost: 256}}
	defer client.CloseIdleConnections()
	var mu sync.Mutex
	statuses, bodies := map[int]int{}, map[int]string{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	errs := make(chan error, n)
	for range n {
		wg.Go(func() {
			req, err := http.NewRequest(c.method, s.url+c.path, strings.NewReader(c.body))
			if err != nil {
				errs <- err
				return
			}
			req.Header.Set("Content-Type", "application/json")
			if c.token != "" {
				req.Header.Set("Authorization", "Bearer "+c.token)
			}
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			<-start
			res, err := client.Do(req)
			if err != nil {
				errs <- err
				return
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			mu.Lock()
			statuses[res.StatusCode]++
			bodies[res.StatusCode] = string(raw)
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return statuses, bodies
}

// wantStatuses fails unless got holds exactly want.
func wantStatuses(t *testing.T, got map[int]int, bodies map[int]string, want map[int]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("statuses %v, want %v (bodies %v)", got, want, bodies)
	}
	for status, n := range want {
		if got[status] != n {
			t.Fatalf("statuses %v, want %v (bodies %v)", got, want, bodies)
		}
	}
}

// 200 wrong passwords at once for one account from one client: each is
// counted as a failure before its password is checked, so five are
// checked (the limit) and 195 refused; a password change guessed 200
// times at once checks ten. Run alone (not parallel), so that the
// process's count of password checks is the burst's.
func TestSecretLimitsHoldUnderBursts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(abuseNow)
		def := server.DefaultConfig()
		s := newTestServer(t, db, func(c *server.Config) {
			c.LoginFailuresPerClientPerMinute = def.LoginFailuresPerClientPerMinute
			c.PasswordChangeRatePerHour = def.PasswordChangeRatePerHour
			c.TrustProxy = true
		})
		tok := s.signUp("owner@example.com", "owner-password")

		before := password.Checks()
		got, bodies := burst(t, s, 200, call{method: "POST", path: "/api/v1/user/login",
			body: `{"email":"owner@example.com","password":"wrong-password"}`})
		checked := password.Checks() - before
		t.Logf("login: %d passwords checked of 200 simultaneous guesses (limit %d)", checked, def.LoginFailuresPerClientPerMinute)
		if checked > int64(def.LoginFailuresPerClientPerMinute) {
			t.Fatalf("%d passwords checked, want at most %d", checked, def.LoginFailuresPerClientPerMinute)
		}
		wantStatuses(t, got, bodies, map[int]int{401: 5, 429: 195})
		if !strings.Contains(bodies[429], "Too many failed login attempts. Try again in a minute.") {
			t.Fatalf("refusal: %s", bodies[429])
		}
		// The owner elsewhere still gets in.
		expect(t, loginFrom(s, "owner@example.com", "owner-password", "203.0.113.5"), 200, "")

		before = password.Checks()
		got, bodies = burst(t, s, 200, call{method: "POST", path: "/api/v1/me/password", token: tok,
			body: `{"currentPassword":"guess","newPassword":"password-2"}`})
		checked = password.Checks() - before
		t.Logf("password change: %d passwords checked of 200 simultaneous guesses (limit %d)", checked, def.PasswordChangeRatePerHour)
		if checked > int64(def.PasswordChangeRatePerHour) {
			t.Fatalf("%d passwords checked, want at most %d", checked, def.PasswordChangeRatePerHour)
		}
		wantStatuses(t, got, bodies, map[int]int{400: 10, 429: 190})
	})
}

// Reset requests for one address, and check-ins at one door, sent at once
// are counted before they act: exactly the allowance passes.
func TestRequestLimitsHoldUnderBursts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(festivalNow)
		if _, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: "forgot@example.com", Name: "Forgot", PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
		w := newTicketWorld(t, db)
		// Twenty at once for one address: three e-mails.
		got, bodies := burst(t, w.s, 20, call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"Forgot@Example.com"}`})
		wantStatuses(t, got, bodies, map[int]int{202: 3, 429: 17})
		mails, err := db.Mail.List(adminCtx(t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1}})
		if err != nil {
			t.Fatal(err)
		}
		resets := 0
		for _, m := range mails.Items {
			if m.To == "forgot@example.com" {
				resets++
			}
		}
		if resets != 3 {
			t.Fatalf("%d reset e-mails, want 3", resets)
		}

		door := marquee.RateLimitPolicyFor(marquee.LimitCheckIn).Allowance
		got, bodies = burst(t, w.s, door+50, call{method: "POST", path: w.manage("/check-in"), token: w.org,
			body: `{"screeningId":1,"code":"GUESS"}`})
		wantStatuses(t, got, bodies, map[int]int{200: door, 429: 50})
		if !strings.Contains(bodies[429], "Too many check-ins at this door.") {
			t.Fatalf("refusal: %s", bodies[429])
		}
		// Another member of the door staff is another door.
		r := w.s.do(call{method: "POST", path: w.manage("/door-staff"), token: w.org, body: `{"email":"door@example.com"}`})
		if r.status >= 300 {
			t.Fatalf("add door staff: %d %s", r.status, r.raw)
		}
		expect(t, w.s.do(call{method: "POST", path: w.manage("/check-in"), token: w.doorer, body: `{"screeningId":1,"code":"GUESS"}`}), 200, "")
	})
}

// No counter names an address: after logins and reset requests for an
// address, the rate limits' keys hold neither it nor any part of it.
func TestRateLimitKeysHoldNoAddress(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(abuseNow)
		s := newTestServer(t, db, defaultLoginLimits)
		s.signUp("Ada.Lovelace@Example.com", "owner-password")
		for i, pw := range []string{"wrong-password", "owner-password", "wrong-again"} {
			loginFrom(s, " ADA.LOVELACE@example.com", pw, fmt.Sprintf("198.51.100.%d", i+1))
		}
		for range 2 {
			s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"ada.lovelace@example.com"}`})
		}
		keys, err := db.RateLimits.StoredKeys(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) < 6 {
			t.Fatalf("only %d keys: %q", len(keys), keys)
		}
		// A policy's name, then hex hashes: no room for an address's "@"
		// or ".", nor for "lovelace" or "example" (not hex).
		shape := regexp.MustCompile(`^[a-z-]+(:[0-9a-f]{32})+$`)
		for _, k := range keys {
			if !shape.MatchString(k) {
				t.Errorf("key %q is not a name and hashes", k)
			}
			for _, part := range []string{"lovelace", "example", "@", "."} {
				if strings.Contains(strings.ToLower(k), part) {
					t.Errorf("key %q holds %q", k, part)
				}
			}
		}
	})
}
