package marquee_test

import (
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzTicketCode: a code typed or scanned at the door normalises once for
// good, and a code ValidTicketCode accepts is 26 upper-case base32
// characters, as NewTicketCode makes them.
func FuzzTicketCode(f *testing.F) {
	for _, s := range []string{marquee.NewTicketCode(), "abcd-efgh ijkl-mnop qrst-uvwx yz", "ABCDEFGHIJKLMNOPQRSTUVWXY1", "\u0131", "ǅ", "ß", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := marquee.NormalizeTicketCode(s)
		if again := marquee.NormalizeTicketCode(c); again != c {
			t.Fatalf("NormalizeTicketCode(%q) = %q, then %q", s, c, again)
		}
		if !marquee.ValidTicketCode(c) {
			return
		}
		if len(c) != 26 {
			t.Fatalf("ValidTicketCode(%q) accepted %d bytes", c, len(c))
		}
		for _, r := range c {
			if !(r >= 'A' && r <= 'Z' || r >= '2' && r <= '7') {
				t.Fatalf("ValidTicketCode(%q) accepted %q", c, r)
			}
		}
	})
}

// FuzzWaiverCode: a waiver code normalises once for good, and a valid one
// is 3 to 30 of A-Z, 0-9 and -.
func FuzzWaiverCode(f *testing.F) {
	for _, s := range []string{"early-bird", " FREE2027 ", "ab", "a\u0131b", "ﬀ-code", "\u212aode", "x\u00a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := marquee.NormalizeWaiverCode(s)
		if again := marquee.NormalizeWaiverCode(c); again != c {
			t.Fatalf("NormalizeWaiverCode(%q) = %q, then %q", s, c, again)
		}
		if !marquee.ValidWaiverCode(c) {
			return
		}
		if len(c) < 3 || len(c) > 30 {
			t.Fatalf("ValidWaiverCode(%q) accepted %d bytes", c, len(c))
		}
		for _, r := range c {
			if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				t.Fatalf("ValidWaiverCode(%q) accepted %q", c, r)
			}
		}
	})
}
