// Command loadtest measures a running marquee server from this machine:
// it sends a bounded number of GET requests per path with a fixed
// concurrency and prints throughput and latency percentiles.
//
//	go run ./scripts/loadtest -base http://127.0.0.1:8080 -n 2000 -c 8 -token TOKEN /api/v1/session /
//
// Only loopback addresses are accepted: it is for measuring, not for load
// on other hosts.
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server to measure (loopback only)")
	n := flag.Int("n", 2000, "requests per path")
	c := flag.Int("c", 8, "concurrent requests")
	token := flag.String("token", "", "session token sent as Authorization: Bearer")
	flag.Parse()
	u, err := url.Parse(*base)
	if err != nil {
		fail("bad -base: %v", err)
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fail("-base must be a loopback address, not %s", u.Hostname())
	}
	if flag.NArg() == 0 || *n < 1 || *c < 1 || *n > 1_000_000 {
		fail("usage: loadtest [-base URL] [-n 1..1000000] [-c N] [-token T] PATH...")
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *c, DisableCompression: false}}
	fmt.Printf("%-28s %8s %9s %9s %9s %9s %7s\n", "path", "req/s", "p50", "p95", "p99", "max", "errors")
	for _, path := range flag.Args() {
		run(client, *base+path, path, *n, *c, *token)
	}
}

func run(client *http.Client, target, label string, n, c int, token string) {
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
				req, _ := http.NewRequest(http.MethodGet, target, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				t0 := time.Now()
				res, err := client.Do(req)
				if err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
				}
				latencies[i] = time.Since(t0)
				if err != nil || res.StatusCode >= 400 {
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
	pct := func(p float64) time.Duration {
		return latencies[min(n-1, int(float64(n)*p))].Round(10 * time.Microsecond)
	}
	fmt.Printf("%-28s %8.0f %9s %9s %9s %9s %7d\n", label, float64(n)/elapsed.Seconds(), pct(0.50), pct(0.95), pct(0.99), latencies[n-1].Round(10*time.Microsecond), errors)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadtest: "+format+"\n", args...)
	os.Exit(2)
}
