package server_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store/storetest"
)

// meRoutesActOnCaller are the /api/v1/me routes that name nothing but the
// caller (no id or token in the path, no account in the body): what they
// change is the caller's, by construction.
var meRoutesActOnCaller = []string{
	"POST /api/v1/me/password", "POST /api/v1/me/terms", "POST /api/v1/me/verification",
	"POST /api/v1/me/exports", "POST /api/v1/me/delete",
}

// meRoutesRead are the /api/v1/me routes that read records, each called
// below by an admin and by a second account, who must get their own only.
var meRoutesRead = []string{
	"GET /api/v1/me", "GET /api/v1/me/purchases", "GET /api/v1/me/purchases/{id}", "GET /api/v1/me/ledger",
	"GET /api/v1/me/exports/{token}", "GET /api/v1/me/door-festivals",
}

// TestMeRoutesListed fails when routes.go has a /me route that neither list
// above names, so that a new one is walked by TestMeRoutesAreTheCallersOwn.
func TestMeRoutesListed(t *testing.T) {
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	found := regexp.MustCompile(`"([A-Z]+ /api/v1/me(?:/[^"]*)?)"`).FindAllStringSubmatch(string(src), -1)
	if len(found) < 10 {
		t.Fatalf("only %d /me routes found in routes.go", len(found))
	}
	for _, m := range found {
		if !slices.Contains(meRoutesActOnCaller, m[1]) && !slices.Contains(meRoutesRead, m[1]) {
			t.Errorf("route %s is in neither meRoutesActOnCaller nor meRoutesRead: say whose records it reads, and test it below", m[1])
		}
	}
}

// TestMeRoutesAreTheCallersOwn: a /me route answers the caller's own
// records, always: an admin who asks for a buyer's receipt, ledger, export
// or door places through /me gets their own or 404 (admins read other
// accounts' purchases at /admin/purchases), as a second account does.
func TestMeRoutesAreTheCallersOwn(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		w := newTicketWorld(t, db)
		s := w.s
		buyerID := s.userID(w.buyer)
		card := `{"packageId":"%s","country":"US","card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2099,"cvc":"123"}}`
		r := s.do(call{method: "POST", path: "/api/v1/payments", token: w.buyer, body: fmt.Sprintf(card, "pro")})
		expect(t, r, 201, "")
		theirs := int64(field(r, "purchase", "id").(float64))
		r = s.do(call{method: "POST", path: "/api/v1/payments", token: w.admin, body: fmt.Sprintf(card, "basic")})
		expect(t, r, 201, "")
		mine := int64(field(r, "purchase", "id").(float64))
		// The buyer's data export, and the buyer at a festival's door.
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/exports", body: `{}`, token: w.buyer}), 202, "")
		if _, err := db.Privacy.BuildExports(t.Context(), 10, mail.Composer{}.DataExport, marquee.MailKept); err != nil {
			t.Fatal(err)
		}
		export := "/api/v1/me/exports/" + s.newestMailToken("buyer@example.com", marquee.MailKindDataExport, "/account/privacy?export=")
		expect(t, s.do(call{method: "POST", path: w.manage("/door-staff"), token: w.org, body: `{"email":"buyer@example.com"}`}), 201, "")

		// What the buyer sees of their own.
		expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", theirs), token: w.buyer}), 200, "")
		expect(t, s.do(call{method: "GET", path: export, token: w.buyer}), 200, "")
		if r := s.do(call{method: "GET", path: "/api/v1/me/door-festivals", token: w.buyer}); len(field(r, "items").([]any)) != 1 {
			t.Fatalf("buyer's door festivals: %s", r.raw)
		}

		for _, who := range []struct{ name, token, email string }{{"admin", w.admin, "root@example.com"}, {"second account", w.other, "other@example.com"}} {
			// Every read route, as this caller: never the buyer's records.
			for _, path := range []string{"/api/v1/me", "/api/v1/me/purchases", fmt.Sprintf("/api/v1/me/purchases?userId=%d", buyerID),
				"/api/v1/me/ledger", fmt.Sprintf("/api/v1/me/ledger?userId=%d", buyerID), "/api/v1/me/door-festivals"} {
				r := s.do(call{method: "GET", path: path, token: who.token})
				expect(t, r, 200, "")
				if strings.Contains(string(r.raw), "buyer@example.com") || strings.Contains(string(r.raw), fmt.Sprintf(`"userId":%d`, buyerID)) {
					t.Errorf("%s: GET %s answers the buyer's records: %s", who.name, path, r.raw)
				}
			}
			if r := s.do(call{method: "GET", path: "/api/v1/me", token: who.token}); field(r, "user", "email") != who.email {
				t.Errorf("%s: /me is %s", who.name, r.raw)
			}
			if r := s.do(call{method: "GET", path: "/api/v1/me/door-festivals", token: who.token}); len(field(r, "items").([]any)) != 0 {
				t.Errorf("%s: door festivals %s", who.name, r.raw)
			}
			expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", theirs), token: who.token}), 404, "")
			expect(t, s.do(call{method: "GET", path: export, token: who.token}), 404, "")
		}

		// The admin's own purchase is on their /me pages; everyone's on the
		// admin's route, which no one else may call.
		r = s.do(call{method: "GET", path: "/api/v1/me/purchases", token: w.admin})
		if field(r, "total") != 1.0 || field(r, "items").([]any)[0].(map[string]any)["id"] != float64(mine) {
			t.Fatalf("admin's own purchases: %s", r.raw)
		}
		if r := s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", mine), token: w.admin}); r.status != 200 {
			t.Fatalf("admin's own receipt: %d %s", r.status, r.raw)
		}
		if r := s.do(call{method: "GET", path: "/api/v1/me/ledger", token: w.admin}); field(r, "total") != 1.0 {
			t.Fatalf("admin's own ledger: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases/%d", theirs), token: w.admin})
		expect(t, r, 200, "")
		if field(r, "purchase", "userEmail") != "buyer@example.com" || field(r, "purchase", "credits") != 100.0 {
			t.Fatalf("admin reads the buyer's purchase: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/purchases/99999", token: w.admin}), 404, "")
		expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases/%d", theirs), token: w.other}), 403, "")
		expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases/%d", theirs)}), 401, "")
		r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases?userId=%d", buyerID), token: w.admin})
		if field(r, "total") != 1.0 {
			t.Fatalf("admin's list of the buyer's purchases: %s", r.raw)
		}
	})
}
