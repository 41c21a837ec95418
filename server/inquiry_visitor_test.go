package server_test

import (
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestInquiryVisitorLimit: visitors have a limit of their own
// (MARQUEE_INQUIRY_VISITOR_RATE_PER_HOUR), per client, counted in the
// database (so two servers over one database, two nodes, share it); past it
// the answer is 429 with Retry-After and a translated message that says
// signing in helps; a signed-in user on the same client keeps theirs.
func TestInquiryVisitorLimit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		edit := func(c *server.Config) {
			c.InquiryRatePerHour = 100
			c.InquiryVisitorRatePerHour = 2
			c.TrustProxy = true
		}
		node1 := newTestServer(t, db, edit)
		node2 := newTestServer(t, db, edit)
		const ip = "198.51.100.23"
		expect(t, node1.ask("", "Festivals in Lisbon", "", ip), 200, "")
		expect(t, node2.ask("", "Festivals in Lisbon", "", ip), 200, "")
		for lang, msg := range map[string]string{
			"":   "You have asked many questions this hour. Sign in to ask more, or try again later.",
			"ja": "この1時間に多くの質問をいただきました。ログインするとさらに質問できます。または、しばらくしてからもう一度お試しください。",
			"zh": "您在这一小时内提问较多。登录后可以继续提问，或稍后再试。",
		} {
			r := node1.ask("", "Festivals in Lisbon", lang, ip)
			expect(t, r, 429, msg)
			if r.header.Get("Retry-After") == "" || field(r, "code") != "rate_limited" {
				t.Fatalf("%s: %v %s", lang, r.header, r.raw)
			}
		}
		// Another client is not affected; a signed-in user on the same one
		// keeps their own allowance.
		expect(t, node2.ask("", "Festivals in Lisbon", "", "198.51.100.99"), 200, "")
		u := node1.signUp("member@example.com", "correct horse battery")
		for range 3 {
			expect(t, node1.ask(u, "Festivals in Lisbon", "", ip), 200, "")
		}
	})
}
