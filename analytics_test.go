package marquee_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// TestViewSource names a page view's source from its referrer; a host
// that is no plain host name or address (what the fuzz target
// FuzzViewSource found: a percent-encoded bidi override, an empty host)
// counts as direct.
func TestViewSource(t *testing.T) {
	for _, tc := range []struct{ referrer, want string }{
		{"", marquee.SourceDirect},
		{"https://www.Google.com/search?q=film", "google.com"},
		{"http://marquee.example:8080/festivals/", marquee.SourceSearch},
		{"http://marquee.example:8080/festival/x", marquee.SourceDirect},
		{"https://[2001:db8::1]:443/", "2001:db8::1"},
		{"https://xn--bcher-kva.example/", "xn--bcher-kva.example"},
		{"javascript:alert(1)", marquee.SourceDirect},
		{"http://:", marquee.SourceDirect},
		{"https://%e2%80%ae.example/", marquee.SourceDirect},
		{"https://b%c3%bccher.example/", marquee.SourceDirect},
		{"https://" + strings.Repeat("a", 120) + ".example/", strings.Repeat("a", 100)},
	} {
		if got := marquee.ViewSource(tc.referrer, "marquee.example:8080"); got != tc.want {
			t.Errorf("ViewSource(%q) = %q, want %q", tc.referrer, got, tc.want)
		}
	}
}
