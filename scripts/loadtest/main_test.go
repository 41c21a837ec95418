package main

import (
	"strings"
	"testing"
	"time"
)

// -fresh gives every request its own from= date, long past, after the
// path's own query if it has one.
func TestFreshTarget(t *testing.T) {
	target := freshTarget("http://127.0.0.1:1/api/v1/festivals?q=film")
	seen := map[string]bool{}
	for i := range 2000 {
		u := target(i)
		if !strings.HasPrefix(u, "http://127.0.0.1:1/api/v1/festivals?q=film&from=") || u[len(u)-10:] >= "2010-01-01" || seen[u] {
			t.Fatalf("request %d: %s", i, u)
		}
		seen[u] = true
	}
	if u := freshTarget("http://127.0.0.1:1/api/v1/festivals")(0); u != "http://127.0.0.1:1/api/v1/festivals?from=1900-01-01" {
		t.Fatalf("no query: %s", u)
	}
}

// -pid reads utime and stime after the command field, which may hold
// spaces and parentheses.
func TestParseProcStatCPU(t *testing.T) {
	stat := "4242 (marquee (x) serve) S 1 4242 4242 0 -1 4194560 9823 0 12 0 1234 566 0 0 20 0 9 0 1830 1992294400 17000 18446744073709551615"
	if d, err := parseProcStatCPU(stat); err != nil || d != 18*time.Second {
		t.Fatalf("%v %v", d, err)
	}
	if _, err := parseProcStatCPU("4242 (short) S 1 2"); err == nil {
		t.Fatal("a short line read")
	}
}

// -row's line: the figures, the share of the bare handler, the size, and
// PASS or FAIL against the budget (FAIL whenever a request failed).
func TestFormatRow(t *testing.T) {
	st := stats{n: 3000, rate: 1234.4, p50: 4150 * time.Microsecond, p95: 48 * time.Millisecond}
	bare := stats{n: 3000, rate: 4000}
	for _, c := range []struct {
		st   stats
		size int
		b    budget
		want string
	}{
		{st, 1234, budget{}, "| x | 1,234 | 4.2 ms | 48.0 ms | 30.9 % | 1.2 kB | — |  |"},
		{st, 999, budget{p95: 50 * time.Millisecond}, "| x | 1,234 | 4.2 ms | 48.0 ms | 30.9 % | 999 B | p95 < 50 ms | PASS |"},
		{st, 4_200_000, budget{p95: 40 * time.Millisecond}, "| x | 1,234 | 4.2 ms | 48.0 ms | 30.9 % | 4.2 MB | p95 < 40 ms | FAIL |"},
		{st, 10, budget{share: 40}, "| x | 1,234 | 4.2 ms | 48.0 ms | 30.9 % | 10 B | ≥ 40 % of bare | FAIL |"},
		{st, 10, budget{share: 30, p95: 300 * time.Millisecond}, "| x | 1,234 | 4.2 ms | 48.0 ms | 30.9 % | 10 B | p95 < 300 ms, ≥ 30 % of bare | PASS |"},
		{stats{n: 20, errors: 2, rate: 9.6, p50: 1500 * time.Millisecond, p95: 12 * time.Second}, 10, budget{},
			"| x | 9.6 | 1,500 ms | 12.0 s | 0.2 % | 10 B | — | FAIL (2 of 20 failed) |"},
	} {
		if got := formatRow("x", c.st, bare, c.size, c.b); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	if got := strings.Count(rowHeader, "\n"); got != 1 || strings.Count(rowHeader, "|") != 2*9 {
		t.Errorf("header %q", rowHeader)
	}
}
