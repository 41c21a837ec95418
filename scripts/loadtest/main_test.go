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

// -serverpid reads utime and stime from /proc/PID/stat, whose command
// name may hold spaces and parentheses.
func TestParseProcCPU(t *testing.T) {
	line := "4242 (marquee (x) y) S 1 4242 4242 0 -1 4194560 1234 0 0 0 250 75 0 0 20 0 9 0 100 1000000 2000 18446744073709551615"
	d, err := parseProcCPU(line)
	if err != nil || d != 3250*time.Millisecond {
		t.Fatalf("%v, %v; want 3.25s", d, err)
	}
	if _, err := parseProcCPU("4242 (marquee) S 1"); err == nil {
		t.Fatal("a short line was read")
	}
}
