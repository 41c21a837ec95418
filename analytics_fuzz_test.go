package marquee_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// FuzzViewSource: whatever referrer a page view reports (the beacon's
// body, anyone's to write), its source is "direct", "search" or a
// referrer's domain: lower case, without "www.", at most 100 bytes of
// valid UTF-8 a one-line field accepts (it is stored, shown to the
// organiser and exported as CSV).
func FuzzViewSource(f *testing.F) {
	for _, r := range []string{"", "https://www.google.com/search?q=film", "http://marquee.example/festivals/", "https://marquee.example/festival/x",
		"javascript:alert(1)", "https://user:pass@Example.COM:8443/x", "//no-scheme.example", "https://[::1]:80/",
		"https://" + strings.Repeat("é", 60) + ".com/", "https://%e2%80%ae.example/", "http://a\x00b.example/", " https://x.example "} {
		f.Add(r, "marquee.example:8080")
	}
	f.Fuzz(func(t *testing.T, referrer, ownHost string) {
		src := marquee.ViewSource(referrer, ownHost)
		if src == marquee.SourceDirect || src == marquee.SourceSearch {
			return
		}
		var fe marquee.FieldErrors
		switch {
		case src == "" || len(src) > 100 || !utf8.ValidString(src):
			t.Fatalf("ViewSource(%q) = %q", referrer, src)
		case src != strings.ToLower(src) || strings.HasPrefix(src, "www."):
			t.Fatalf("ViewSource(%q) = %q, not lower case without www.", referrer, src)
		case !marquee.CheckSingleLine("source", src, &fe):
			t.Fatalf("ViewSource(%q) = %q: %v", referrer, src, fe.Err())
		}
	})
}
