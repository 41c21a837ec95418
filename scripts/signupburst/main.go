// Command signupburst sends a burst of sign-ups to a running marquee
// server, all at once, then (with -login) a burst of logins of the
// accounts it made, and prints for each burst how many succeeded, the
// other answers by status and message, the wait's p50, p95 and max, and
// the rate (successes per second of the burst's wall time):
//
//	MARQUEE_SIGNUP_RATE_PER_HOUR=1000 MARQUEE_LOGIN_RATE_PER_MINUTE=1000 marquee serve &
//	go run ./scripts/signupburst -n 32 -login
//
// Every sign-up comes from this machine, one client to the server: raise
// MARQUEE_SIGNUP_RATE_PER_HOUR (30 by default) and, for -login,
// MARQUEE_LOGIN_RATE_PER_MINUTE (20) above -n, or the per-client limits
// answer the burst instead of the password hashing. -rounds repeats the
// burst (new addresses each time). The addresses are
// burst-RUN-N@example.test, RUN the start time, so runs do not collide.
//
// Only loopback addresses are accepted: it is for measuring, not for load
// on other hosts.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server to measure (loopback only)")
	n := flag.Int("n", 32, "sign-ups sent at once")
	rounds := flag.Int("rounds", 1, "bursts to send, one after the other")
	login := flag.Bool("login", false, "after each sign-up burst, log the new accounts in, all at once")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil {
		fail("bad -base: %v", err)
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fail("-base must be a loopback address, not %s", u.Hostname())
	}
	if *n < 1 || *n > 10_000 || *rounds < 1 || *rounds > 100 {
		fail("usage: signupburst [-base URL] [-n 1..10000] [-rounds 1..100] [-login]")
	}
	client := &http.Client{Timeout: 120 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *n, MaxConnsPerHost: 0}}
	run := time.Now().Format("150405")
	const pw = "burst-password-1"
	fmt.Printf("%-16s %6s %6s %8s %9s %9s %9s  %s\n", "burst", "sent", "ok", "ok/s", "p50", "p95", "max", "other answers")
	for r := range *rounds {
		emails := make([]string, *n)
		for i := range emails {
			emails[i] = fmt.Sprintf("burst-%s-%d-%d@example.test", run, r, i)
		}
		created := burst(fmt.Sprintf("sign-up #%d", r+1), *n, http.StatusCreated, func(i int) (*http.Response, error) {
			return post(client, *base+"/api/v1/user/register", map[string]string{"email": emails[i], "password": pw, "name": "Burst " + emails[i][:strings.IndexByte(emails[i], '@')]})
		})
		if *login {
			burst(fmt.Sprintf("login #%d", r+1), len(created), http.StatusOK, func(i int) (*http.Response, error) {
				return post(client, *base+"/api/v1/user/login", map[string]string{"email": emails[created[i]], "password": pw})
			})
		}
	}
}

func post(client *http.Client, target string, body map[string]string) (*http.Response, error) {
	b, _ := json.Marshal(body)
	return client.Post(target, "application/json", bytes.NewReader(b))
}

// burst sends n requests at once (do(i), released together), prints the
// line of label and returns the indexes of the requests answered want.
func burst(label string, n, want int, do func(i int) (*http.Response, error)) []int {
	if n == 0 {
		fmt.Printf("%-16s %6d\n", label, 0)
		return nil
	}
	type result struct {
		ok     bool
		other  string
		waited time.Duration
	}
	results := make([]result, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			t := time.Now()
			res, err := do(i)
			r := result{}
			if err != nil {
				r.other = "error: " + err.Error()
			} else {
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode == want {
					r.ok = true
				} else {
					var e struct {
						Message string `json:"message"`
					}
					_ = json.Unmarshal(raw, &e)
					r.other = fmt.Sprintf("%d %s", res.StatusCode, e.Message)
					if ra := res.Header.Get("Retry-After"); ra != "" {
						r.other += " (Retry-After " + ra + ")"
					}
				}
			}
			r.waited = time.Since(t)
			results[i] = r
		})
	}
	began := time.Now()
	close(start)
	wg.Wait()
	wall := time.Since(began)

	var ok []int
	var waits []time.Duration
	others := map[string]int{}
	for i, r := range results {
		waits = append(waits, r.waited)
		if r.ok {
			ok = append(ok, i)
		} else {
			others[r.other]++
		}
	}
	slices.Sort(waits)
	pct := func(p float64) time.Duration { return waits[min(len(waits)-1, int(p*float64(len(waits))))] }
	var notes []string
	for k, v := range others {
		notes = append(notes, fmt.Sprintf("%d × %s", v, k))
	}
	sort.Strings(notes)
	fmt.Printf("%-16s %6d %6d %8.1f %9s %9s %9s  %s\n", label, n, len(ok), float64(len(ok))/wall.Seconds(),
		pct(0.50).Round(time.Millisecond), pct(0.95).Round(time.Millisecond), waits[len(waits)-1].Round(time.Millisecond), strings.Join(notes, "; "))
	return ok
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "signupburst: "+format+"\n", args...)
	os.Exit(2)
}
