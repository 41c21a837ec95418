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
