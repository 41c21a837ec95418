package server_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// burstPost sends n POSTs of body(i) to path at once (released together)
// and returns their statuses and, for the others than want, the answers.
func burstPost(t *testing.T, s *testServer, path string, n, want int, body func(i int) string) (ok int, others []string) {
	t.Helper()
	type answer struct {
		status int
		raw    string
		err    error
	}
	answers := make([]answer, n)
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-gate
			res, err := http.Post(s.url+path, "application/json", strings.NewReader(body(i)))
			if err != nil {
				answers[i].err = err
				return
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			answers[i] = answer{status: res.StatusCode, raw: string(raw)}
		})
	}
	close(gate)
	wg.Wait()
	for _, a := range answers {
		switch {
		case a.err != nil:
			t.Fatalf("POST %s: %v", path, a.err)
		case a.status == want:
			ok++
		default:
			others = append(others, fmt.Sprintf("%d %s", a.status, a.raw))
		}
	}
	return ok, others
}

// 32 sign-ups at once with distinct addresses, then the 32 logins, at the
// production cost (19 MiB, t=2) through two hashing slots (this machine's
// cores) and the default queue: every one is served (201, then 200), the
// others waiting their turn instead of being refused (issue 23: 27 of 32
// were refused after 2 s). The per-client limits are a separate rule,
// raised here as a festival's workshop behind one address would need.
func TestSignupBurstQueues(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 64 passwords at 19 MiB")
	}
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: password.Default,
			PasswordLimits: password.Limits{Slots: 2}})
		if err != nil {
			t.Fatal(err)
		}
		s := newTestServerOver(t, db, svc.Domain(), func(c *server.Config) {
			c.SignupRatePerHour = 100
			c.LoginRatePerMinute = 100
		})
		const n = 32
		account := func(i int) string {
			return fmt.Sprintf(`{"email":"workshop-%d@example.com","password":"password-%d"}`, i, i)
		}
		ok, others := burstPost(t, s, "/api/v1/user/register", n, http.StatusCreated, account)
		if ok != n {
			t.Fatalf("%d of %d sign-ups created, the others: %v", ok, n, others)
		}
		ok, others = burstPost(t, s, "/api/v1/user/login", n, http.StatusOK, account)
		if ok != n {
			t.Fatalf("%d of %d logins, the others: %v", ok, n, others)
		}
	})
}

// The per-client sign-up limit still answers a burst from one address past
// it (30 an hour by default): those are refused for the network, not
// because the server is busy.
func TestSignupBurstPastClientLimit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(rateNow)
		s := newTestServer(t, db, func(c *server.Config) { c.SignupRatePerHour = server.DefaultConfig().SignupRatePerHour })
		ok, others := burstPost(t, s, "/api/v1/user/register", 32, http.StatusCreated, func(i int) string {
			return fmt.Sprintf(`{"email":"crowd-%d@example.com","password":"password-1"}`, i)
		})
		if ok != 30 || len(others) != 2 {
			t.Fatalf("%d created, others %v; want 30 and 2 refused", ok, others)
		}
		for _, o := range others {
			if !strings.HasPrefix(o, "429 ") || !strings.Contains(o, "Too many sign-ups from your network") {
				t.Fatalf("refused: %s", o)
			}
		}
	})
}

// busyUsers refuses every sign-up as the password queue does when full.
type busyUsers struct{ marquee.UserService }

func (busyUsers) Register(_ context.Context, _ marquee.NewUser) (*marquee.User, error) {
	return nil, marquee.ErrPasswordBusy(7200 * time.Millisecond)
}

// A sign-up the password queue refuses is a 429 saying the server is busy,
// in the client's language, with the queue's expected drain time as
// Retry-After (whole seconds, rounded up).
func TestSignupPasswordBusy(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	svc := db.Domain()
	svc.Users = busyUsers{svc.Users}
	s := newTestServerOver(t, db, svc)
	r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"a@example.com","password":"password-1"}`})
	expect(t, r, 429, "The server is busy. Try again in a moment.")
	if got := r.header.Get("Retry-After"); got != "8" {
		t.Fatalf("Retry-After %q, want 8", got)
	}
	if field(r, "code") != "rate_limited" {
		t.Fatalf("code: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"a@example.com","password":"password-1"}`,
		header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 429, "サーバーが混み合っています")
}
