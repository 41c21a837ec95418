package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Rate limits are applied in one place: no handler counts, refuses or
// writes a limit's message itself; each calls s.allow (or s.limit) with a
// policy of marquee's table.
func TestRateLimitsAppliedInOnePlace(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"ratelimit.go": true, "respond.go": true, "server.go": true}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || allowed[f] {
			continue
		}
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"ERateLimited", "svc.RateLimits", "RateLimiter", ".Hit(", "PerHour =", "PerMinute =", "Per10Min ="} {
			if strings.Contains(string(raw), s) {
				t.Errorf("%s: %q: rate limits belong in marquee's policy table, applied by server/ratelimit.go", f, s)
			}
		}
	}
}
