// Command loadtest measures a running marquee server from this machine:
// it sends a bounded number of GET requests per path with a fixed
// concurrency and prints throughput and latency percentiles.
//
//	go run ./scripts/loadtest -base http://127.0.0.1:8080 -n 2000 -c 8 -token TOKEN /api/v1/session /
//
// With -bare, each path is also measured against a bare net/http handler
// started in this process on a loopback port that serves the bytes the
// server answered (same headers of type and encoding), and the ratio of
// the two throughputs is printed: how far the application is from the
// cost of HTTP alone on this machine.
//
// -login EMAIL signs in first (POST /api/v1/auth/login, the password from
// $MARQUEE_LOADTEST_PASSWORD) and sends the session's token instead of
// -token. -admin adds the admin pages measured at 500,000 users (issue
// 15) to the paths: the user search by part of an e-mail (a few matches,
// and every seeded address: the count stops at 10,000), by part of a
// name, and the dashboard:
//
//	MARQUEE_LOADTEST_PASSWORD=... go run ./scripts/loadtest -n 4000 -c 32 -bare -login admin@example.com -admin
//
// -pageview SLUG measures what counting costs a festival's public page:
// the page's data call (GET /api/v1/festivals/SLUG) alone, then the same
// call followed by the page's view beacon (POST .../views, each from a
// new visitor: a distinct browser user agent), and prints the ratio of
// the two throughputs, measured in the same run. Run the server with
// MARQUEE_VIEW_RATE_PER_MINUTE above -n, or the beacons go uncounted:
//
//	MARQUEE_VIEW_RATE_PER_MINUTE=1000000 marquee serve &
//	go run ./scripts/loadtest -n 4000 -c 32 -pageview some-festival
//
// -fresh makes every request a search never made before, which the
// festival search's page cache cannot answer: each adds from=DATE, a
// different day long past (every festival ends after it), which changes
// the search's key but not what it finds, so the bare handler's captured
// answer is the same bytes:
//
//	go run ./scripts/loadtest -n 4000 -c 32 -bare -fresh '/api/v1/festivals?q=film'
//
// -pid PID (Linux) also prints the CPU time the server process spent per
// request of each path (user and system, from /proc/PID/stat), which
// tells a change's cost apart when other work on the machine makes the
// throughputs swing (contention still inflates it):
//
//	go run ./scripts/loadtest -n 20000 -c 32 -pid $(pgrep -f 'marquee serve') /api/v1/festivals/some-festival
//
// -row LABEL measures one path and its bare handler and prints one row of
// a Markdown table (-header prints the table's head): requests per
// second, p50 and p95, the share of the bare handler's throughput, the
// answer's size as sent, and the budget with PASS or FAIL when one is
// given (-p95 DURATION: the p95 below it; -share PCT: at least PCT % of
// the bare handler's throughput). A request that fails or answers 400 or
// more fails the row. scripts/speed.sh prints its table this way:
//
//	go run ./scripts/loadtest -header
//	go run ./scripts/loadtest -n 3000 -c 32 -token T -row 'admin: user search, part of an e-mail' -p95 50ms '/api/v1/admin/users?q=23456%40exa'
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
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server to measure (loopback only)")
	n := flag.Int("n", 2000, "requests per path")
	c := flag.Int("c", 8, "concurrent requests")
	token := flag.String("token", "", "session token sent as Authorization: Bearer")
	bare := flag.Bool("bare", false, "also measure a bare in-process handler serving the same bytes, and print the throughput ratio")
	login := flag.String("login", "", "sign in as this e-mail first (password from $MARQUEE_LOADTEST_PASSWORD) and use its token")
	admin := flag.Bool("admin", false, "add the admin pages: user search by part of an e-mail and of a name, and the dashboard")
	pageview := flag.String("pageview", "", "measure a festival page's data call with and without its view beacon (festival slug)")
	fresh := flag.Bool("fresh", false, "add a different from= date long past to every request: festival searches never made before")
	pid := flag.Int("pid", 0, "the server's process id (Linux): also print its CPU time per request")
	row := flag.String("row", "", "measure the one path against its bare handler and print a table row with this label")
	header := flag.Bool("header", false, "print the head of -row's table and exit")
	budgetP95 := flag.Duration("p95", 0, "with -row: the budget is a p95 below this")
	budgetShare := flag.Float64("share", 0, "with -row: the budget is at least this % of the bare handler's throughput")
	warm := flag.Int("warm", 0, "with -row: send this many requests first, unmeasured (a cold file's first reads, a node's per-minute memories)")
	flag.Parse()
	paths := flag.Args()
	if *header {
		fmt.Println(rowHeader)
		return
	}
	if *pageview != "" {
		measurePageView(*base, *pageview, *n, *c)
		return
	}
	if *admin {
		paths = append(paths, adminPaths...)
	}
	u, err := url.Parse(*base)
	if err != nil {
		fail("bad -base: %v", err)
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fail("-base must be a loopback address, not %s", u.Hostname())
	}
	if len(paths) == 0 || *n < 1 || *c < 1 || *n > 1_000_000 || (*row != "" && len(paths) != 1) {
		fail("usage: loadtest [-base URL] [-n 1..1000000] [-c N] [-token T | -login EMAIL] [-bare] [-fresh] [-admin] PATH...\n" +
			"       loadtest [-base URL] [-n N] [-c N] [-token T | -login EMAIL] [-fresh] -row LABEL [-p95 DURATION] [-share PCT] PATH")
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *c, DisableCompression: false}}
	if *login != "" {
		*token = signIn(client, *base, *login, os.Getenv("MARQUEE_LOADTEST_PASSWORD"))
	}
	if *row != "" {
		target := func(int) string { return *base + paths[0] }
		if *fresh {
			target = freshTarget(*base + paths[0])
		}
		if *warm > 0 {
			measure(*warm, *c, getter(client, target, *token))
		}
		st := measure(*n, *c, getter(client, target, *token))
		bareSt, size := measureBare(client, *base+paths[0], *n, *c, *token)
		fmt.Println(formatRow(*row, st, bareSt, size, budget{p95: *budgetP95, share: *budgetShare}))
		return
	}
	fmt.Printf("%-44s %8s %9s %9s %9s %9s %7s\n", "path", "req/s", "p50", "p95", "p99", "max", "errors")
	for _, path := range paths {
		target := func(int) string { return *base + path }
		if *fresh {
			target = freshTarget(*base + path)
		}
		cpu0 := processCPU(*pid)
		rate := run(client, target, path, *n, *c, *token)
		if *pid != 0 {
			fmt.Printf("%-44s %8.1f µs of the server's CPU a request\n", "", float64(processCPU(*pid)-cpu0)/float64(time.Microsecond)/float64(*n))
		}
		if *bare {
			bareRate := runBare(client, *base+path, *n, *c, *token)
			fmt.Printf("%-44s %8.1f%%  of the bare handler's throughput\n", "", 100*rate/bareRate)
		}
	}
}

// adminPaths are the admin pages -admin measures, on `marquee seed`'s
// users (seed-0000001@example.test, "Filmmaker 1", ...).
var adminPaths = []string{
	"/api/v1/admin/users?q=23456%40exa",                      // part of an e-mail: 5 users
	"/api/v1/admin/users?q=Filmmaker%2023456",                // part of a name: 11 users
	"/api/v1/admin/users?q=23456%40exa&role=filmmaker",       // part of an e-mail, one role: 5 users
	"/api/v1/admin/users?q=Filmmaker%2023456&role=organiser", // part of a name, a role of few accounts: none
	"/api/v1/admin/users?q=example.test",                     // part of every seeded e-mail: 10,000+
	"/api/v1/admin/users?role=filmmaker",                     // one role, no search: 10,000+
	"/api/v1/admin/users",                                    // the first page, no search
	"/api/v1/admin/dashboard",
}

// signIn logs in as email and returns the session token.
func signIn(client *http.Client, base, email, password string) string {
	if password == "" {
		fail("-login needs the password in $MARQUEE_LOADTEST_PASSWORD")
	}
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	res, err := client.Post(base+"/api/v1/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		fail("login: %v", err)
	}
	defer res.Body.Close()
	var out struct {
		Token string `json:"token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK || out.Token == "" {
		fail("login as %s: status %d, %v", email, res.StatusCode, err)
	}
	return out.Token
}

// freshTarget returns the URL of request i for -fresh: target with a
// from= date of its own, from 1900-01-01 on (40,000 days, all before
// 2010, then again: the search cache remembers far fewer).
func freshTarget(target string) func(i int) string {
	sep := "?"
	if strings.Contains(target, "?") {
		sep = "&"
	}
	day := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	return func(i int) string {
		return target + sep + "from=" + day.AddDate(0, 0, i%40_000).Format("2006-01-02")
	}
}

// runBare captures the server's answer to target, serves it from a bare
// handler on a loopback port of this process, measures that, prints its
// line and returns its requests per second.
func runBare(client *http.Client, target string, n, c int, token string) float64 {
	st, size := measureBare(client, target, n, c, token)
	st.print(fmt.Sprintf("  bare (%d bytes)", size))
	return st.rate
}

// measureBare captures the server's answer to target, serves it from a
// bare handler on a loopback port of this process and measures that; it
// returns the figures and the answer's size as sent.
func measureBare(client *http.Client, target string, n, c int, token string) (stats, int) {
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		fail("capture %s: %v", target, err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		fail("capture %s: %v", target, err)
	}
	header := http.Header{}
	for _, k := range []string{"Content-Type", "Content-Encoding", "Vary", "Cache-Control"} {
		if v := res.Header.Get(k); v != "" {
			header.Set(k, v)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail("bare listener: %v", err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		_, _ = w.Write(body)
	})}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	bareURL := "http://" + ln.Addr().String() + "/"
	return measure(n, c, getter(client, func(int) string { return bareURL }, "")), len(body)
}

// run sends n GETs, the i-th of target(i), with c at a time, prints the
// line of label, and returns the requests per second. A failed request
// or a status of 400 or more counts as an error.
func run(client *http.Client, target func(i int) string, label string, n, c int, token string) float64 {
	return runFunc(label, n, c, getter(client, target, token))
}

// getter returns the request of run: the i-th GET of target(i), its
// answer read to the last byte; an error for a failure or a status of 400
// or more.
func getter(client *http.Client, target func(i int) string, token string) func(int) error {
	return func(i int) error {
		req, _ := http.NewRequest(http.MethodGet, target(i), nil)
		req.Header.Set("Accept-Encoding", "gzip")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode >= 400 {
			return fmt.Errorf("status %d", res.StatusCode)
		}
		return nil
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadtest: "+format+"\n", args...)
	os.Exit(2)
}

// measurePageView prints the throughput of a festival page's data call
// alone and followed by its view beacon, and their ratio.
func measurePageView(base, slug string, n, c int) {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: c}}
	page := base + "/api/v1/festivals/" + url.PathEscape(slug)
	get := func(int) error {
		res, err := client.Get(page)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", res.StatusCode)
		}
		return nil
	}
	view := func(i int) error {
		if err := get(i); err != nil {
			return err
		}
		req, _ := http.NewRequest(http.MethodPost, page+"/views", bytes.NewReader([]byte(`{"referrer":"https://news.example/x"}`)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", fmt.Sprintf("Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 loadtest/%d", i))
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			return fmt.Errorf("status %d", res.StatusCode)
		}
		return nil
	}
	fmt.Printf("%-44s %8s %9s %9s %9s %9s %7s\n", "path", "req/s", "p50", "p95", "p99", "max", "errors")
	plain := runFunc("page data only", n, c, get)
	counted := runFunc("page data + view beacon", n, c, view)
	fmt.Printf("%-44s %8.1f%%  of the uncounted page's throughput\n", "", 100*counted/plain)
}

// runFunc runs do n times, c at a time, prints the line of label and
// returns the runs per second.
func runFunc(label string, n, c int, do func(int) error) float64 {
	st := measure(n, c, do)
	st.print(label)
	return st.rate
}

// stats are the figures of one measurement.
type stats struct {
	n, errors           int
	rate                float64 // runs per second
	p50, p95, p99, most time.Duration
}

// print writes the line of label.
func (s stats) print(label string) {
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }
	fmt.Printf("%-44s %8.0f %9s %9s %9s %9s %7d\n", label, s.rate, r(s.p50), r(s.p95), r(s.p99), r(s.most), s.errors)
}

// measure runs do n times, c at a time, and returns the figures; a run
// that returns an error counts as an error.
func measure(n, c int, do func(int) error) stats {
	latencies := make([]time.Duration, n)
	var errors int
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	start := time.Now()
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				t0 := time.Now()
				err := do(i)
				latencies[i] = time.Since(t0)
				if err != nil {
					mu.Lock()
					errors++
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[min(n-1, int(float64(n)*p))] }
	return stats{n: n, errors: errors, rate: float64(n) / elapsed.Seconds(),
		p50: pct(0.50), p95: pct(0.95), p99: pct(0.99), most: latencies[n-1]}
}

// budget is what a -row must meet; the zero value is no budget.
type budget struct {
	p95   time.Duration
	share float64 // % of the bare handler's throughput
}

// rowHeader is the head of the table of -row.
const rowHeader = "| page | req/s | p50 | p95 | of bare | size | budget | |\n| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |"

// formatRow is the table row of label: st measured against bare, the
// answer of size bytes, and b with PASS or FAIL when it is set (FAIL too
// when a request failed).
func formatRow(label string, st, bare stats, size int, b budget) string {
	share := 100 * st.rate / bare.rate
	var want []string
	ok := true
	if b.p95 > 0 {
		want = append(want, "p95 < "+strings.Replace(formatDuration(b.p95), ".0 ", " ", 1))
		ok = ok && st.p95 < b.p95
	}
	if b.share > 0 {
		want = append(want, fmt.Sprintf("≥ %g %% of bare", b.share))
		ok = ok && share >= b.share
	}
	verdict := ""
	switch {
	case st.errors > 0:
		verdict = fmt.Sprintf("FAIL (%d of %d failed)", st.errors, st.n)
	case len(want) == 0:
	case ok:
		verdict = "PASS"
	default:
		verdict = "FAIL"
	}
	budgetText := strings.Join(want, ", ")
	if budgetText == "" {
		budgetText = "—"
	}
	rate := groupDigits(int64(st.rate + 0.5))
	if st.rate < 100 {
		rate = fmt.Sprintf("%.1f", st.rate)
	}
	return fmt.Sprintf("| %s | %s | %s | %s | %.1f %% | %s | %s | %s |", label, rate,
		formatDuration(st.p50), formatDuration(st.p95), share, formatSize(size), budgetText, verdict)
}

// formatDuration writes d in milliseconds (one decimal under 100 ms) or,
// from 10 s, seconds.
func formatDuration(d time.Duration) string {
	ms := float64(d) / float64(time.Millisecond)
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case ms >= 100:
		return fmt.Sprintf("%s ms", groupDigits(int64(ms+0.5)))
	default:
		return fmt.Sprintf("%.1f ms", ms)
	}
}

// formatSize writes n bytes in B, kB or MB (powers of 1,000).
func formatSize(n int) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	case n >= 1_000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	default:
		return fmt.Sprintf("%d B", n)
	}
}

// groupDigits writes n with a comma between groups of three digits.
func groupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + groupDigits(-n)
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// processCPU returns the CPU time (user and system) process pid has
// used, read from /proc/PID/stat; 0 when pid is 0.
func processCPU(pid int) time.Duration {
	if pid == 0 {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		fail("-pid: %v", err)
	}
	d, err := parseProcStatCPU(string(b))
	if err != nil {
		fail("-pid: /proc/%d/stat: %v", pid, err)
	}
	return d
}

// parseProcStatCPU reads utime and stime (fields 14 and 15, in clock
// ticks of 10 ms: USER_HZ is 100 on Linux) from a /proc/PID/stat line,
// whose second field, the command in parentheses, may hold spaces.
func parseProcStatCPU(stat string) (time.Duration, error) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("no command field")
	}
	f := strings.Fields(stat[i+1:]) // from field 3 (state) on
	if len(f) < 13 {
		return 0, fmt.Errorf("%d fields", len(f)+2)
	}
	var ticks int64
	for _, s := range f[11:13] {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, err
		}
		ticks += v
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}
