package marquee_test

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// FuzzTestCard: a card the test mode's form accepts has 12 to 19 digits
// that pass the Luhn check (and a change of any one digit fails it), an
// expiry month from now to 2100, and a CVC of 3 or 4 digits.
func FuzzTestCard(f *testing.F) {
	f.Add("4242 4242 4242 4242", 12, 2030, "123")
	f.Add("4000-0000-0000-0002", 5, 2026, " 1234 ")
	f.Add("4242424242424241", 4, 2026, "12")
	f.Add("４２４２４２４２４２４２４２４２", 1, 2100, "000")
	f.Add("0000000000000", 13, 1999, "abc")
	now := time.Date(2026, 5, 14, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, number string, month, year int, cvc string) {
		c := marquee.TestCard{Number: number, ExpMonth: month, ExpYear: year, CVC: cvc}
		if err := c.Validate(now); err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) == 0 {
				t.Fatalf("Validate(%+v): %v", c, err)
			}
			return
		}
		d := c.Digits()
		if len(d) < 12 || len(d) > 19 || !marquee.Luhn(d) {
			t.Fatalf("Validate accepted card number %q", number)
		}
		for i := 0; i < len(d); i++ {
			if d[i] < '0' || d[i] > '9' {
				t.Fatalf("Validate accepted card number %q", number)
			}
			for x := byte('0'); x <= '9'; x++ {
				if x != d[i] && marquee.Luhn(d[:i]+string(x)+d[i+1:]) {
					t.Fatalf("Luhn accepts %q and %q, one digit apart", d, d[:i]+string(x)+d[i+1:])
				}
			}
		}
		if month < 1 || month > 12 || year > 2100 || year < 2026 || year == 2026 && month < 5 {
			t.Fatalf("Validate accepted expiry %d/%d", month, year)
		}
		if v := strings.TrimSpace(cvc); len(v) < 3 || len(v) > 4 || strings.Trim(v, "0123456789") != "" {
			t.Fatalf("Validate accepted CVC %q", cvc)
		}
	})
}
