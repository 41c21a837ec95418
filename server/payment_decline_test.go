package server_test

import (
	"fmt"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestDeclinesInTheBuyersLanguage: a declined card's message is Marquee's
// own for the decline (the test mode's declines as Stripe's codes map
// them), in the buyer's language at checkout and on every later read of
// the purchase: the receipt, the buyer's list, the admin's.
func TestDeclinesInTheBuyersLanguage(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		buyer := s.signUp("buyer@example.com", "password-1")
		admin := s.admin()
		lang := func(l string) map[string]string { return map[string]string{"Accept-Language": l} }
		for _, tc := range []struct {
			pm   string
			want marquee.CardDecline
		}{
			{"pm_card_chargeDeclinedProcessingError", marquee.DeclineTryAgain},
			{"pm_card_chargeDeclinedVelocityLimitExceeded", marquee.DeclineLimitReached},
			{"pm_card_chargeDeclinedLostCard", marquee.DeclineGeneric},
		} {
			msg := tc.want.Message()
			ja, zh := locale.Text("ja", msg), locale.Text("zh", msg)
			if ja == msg || zh == msg {
				t.Fatalf("%q is not translated", msg)
			}
			r := s.do(call{method: "POST", path: "/api/v1/payments", token: buyer, header: lang("ja"),
				body: `{"packageId":"basic","country":"JP","paymentMethodId":"` + tc.pm + `"}`})
			expect(t, r, 201, "")
			if field(r, "purchase", "status") != "failed" || field(r, "purchase", "failureMessage") != ja {
				t.Fatalf("%s at checkout in ja: %s", tc.pm, r.raw)
			}
			id := int64(field(r, "purchase", "id").(float64))
			r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", id), token: buyer, header: lang("zh")})
			if field(r, "purchase", "failureMessage") != zh {
				t.Fatalf("%s on the receipt in zh: %s", tc.pm, r.raw)
			}
			r = s.do(call{method: "GET", path: "/api/v1/me/purchases", token: buyer, header: lang("ja")})
			if items, _ := field(r, "items").([]any); len(items) == 0 || items[0].(map[string]any)["failureMessage"] != ja {
				t.Fatalf("%s in the buyer's list in ja: %s", tc.pm, r.raw)
			}
			r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases/%d", id), token: admin, header: lang("zh")})
			if field(r, "purchase", "failureMessage") != zh {
				t.Fatalf("%s for the admin in zh: %s", tc.pm, r.raw)
			}
		}
	})
}
