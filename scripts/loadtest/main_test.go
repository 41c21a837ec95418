package main

import (
	"strings"
	"testing"
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
