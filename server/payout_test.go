package server_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestPayoutRoutes: the organiser connects a test mode payout account
// with tax data (field errors first), finishes the simulated onboarding
// and sees it; a second account gets 404 for every route and sees
// nothing; admins pay the balance once (a second pay-now is 409), list
// payouts by status, and retry only failed ones; organisers cannot reach
// the admin routes.
func TestPayoutRoutes(t *testing.T) {
	db, raw := filmDB(t)
	s := newFestivalServer(t, db)
	admin := s.admin()
	org := s.signUp("org@example.com", "organiser-password")
	other := s.signUp("other@example.com", "other-password")
	f := s.createFestival(org, nil)
	base := "/api/v1/manage/festivals/" + f.slug
	tax := `{"legalName":"Lisbon Films Lda","address":"Rua 1, Lisboa","country":"pt","taxId":"PT123456789"}`

	for _, c := range []call{
		{method: "GET", path: base + "/payout-account"},
		{method: "PUT", path: base + "/payout-account", body: tax},
		{method: "POST", path: base + "/payout-account/refresh", body: `{}`},
		{method: "POST", path: base + "/payout-account/test-onboarding", body: `{}`},
		{method: "GET", path: base + "/payouts"},
	} {
		expect(t, s.do(c), 401, "")
		c.token = other
		expect(t, s.do(c), 404, "")
	}

	r := s.do(call{method: "GET", path: base + "/payout-account", token: org})
	expect(t, r, 200, "")
	if field(r, "account") != nil || field(r, "provider") != "test" || field(r, "minimumCents") != float64(2500) {
		t.Fatalf("no account yet: %s", r.raw)
	}
	r = s.do(call{method: "PUT", path: base + "/payout-account", token: org, body: `{"legalName":"","address":"","country":"ZZ","taxId":"<x>"}`})
	expect(t, r, 400, "")
	for _, k := range []string{"legalName", "address", "country", "taxId"} {
		if field(r, "fields", k) == nil {
			t.Errorf("no message for %s: %s", k, r.raw)
		}
	}
	r = s.do(call{method: "PUT", path: base + "/payout-account", token: org, body: tax, header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 200, "")
	link, _ := field(r, "url").(string)
	u, err := url.Parse(link)
	if err != nil || u.Path != "/payouts/test-onboarding" || !strings.HasPrefix(u.Query().Get("account"), "test_acct_") ||
		field(r, "account", "status") != "onboarding" || field(r, "account", "country") != "PT" {
		t.Fatalf("connect: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: base + "/payout-account/test-onboarding", token: org, body: `{"failTransfers":false}`})
	expect(t, r, 200, "")
	if field(r, "account", "status") != "active" {
		t.Fatalf("onboarding: %s", r.raw)
	}
	// The second account still sees nothing.
	r = s.do(call{method: "GET", path: base + "/payout-account", token: other})
	expect(t, r, 404, "")
	if strings.Contains(string(r.raw), "Lisbon Films") {
		t.Fatalf("leaked: %s", r.raw)
	}

	// Admin routes: 401, then 403 for the organiser.
	for _, c := range []call{
		{method: "GET", path: "/api/v1/admin/payouts"},
		{method: "POST", path: "/api/v1/admin/festivals/" + f.slug + "/payouts", body: `{}`},
		{method: "POST", path: "/api/v1/admin/payouts/1/retry", body: `{}`},
	} {
		expect(t, s.do(c), 401, "")
		c.token = org
		expect(t, s.do(c), 403, "")
	}
	// Nothing earned yet: nothing to pay.
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.slug + "/payouts", token: admin, body: `{}`}), 409, "")

	at := festivalNow.UTC().Add(-time.Hour).Format("2006-01-02 15:04:05.999999999-07:00")
	if _, err := raw.Exec(`INSERT INTO festival_earnings (festival_id, kind, amount_cents, currency, source, available_at, created_at)
		VALUES (?, 'ticket', 9150, 'usd', 'ticket_order:1', ?, ?)`, f.id, at, at); err != nil {
		t.Fatal(err)
	}
	r = s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.slug + "/payouts", token: admin, body: `{}`})
	expect(t, r, 201, "")
	if field(r, "status") != "paid" || field(r, "amountCents") != float64(9150) || field(r, "trigger") != "admin" {
		t.Fatalf("payout: %s", r.raw)
	}
	id := int64(field(r, "id").(float64))
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.slug + "/payouts", token: admin, body: `{}`}), 409, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/payouts/" + strconv.FormatInt(id, 10) + "/retry", token: admin, body: `{}`}), 409, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/payouts/999/retry", token: admin, body: `{}`}), 404, "")

	r = s.do(call{method: "GET", path: "/api/v1/admin/payouts?status=paid", token: admin})
	expect(t, r, 200, "")
	if field(r, "total") != float64(1) {
		t.Fatalf("paid list: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/admin/payouts?status=failed", token: admin})
	if field(r, "total") != float64(0) {
		t.Fatalf("failed list: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/payouts?status=lost", token: admin}), 400, "")
	r = s.do(call{method: "GET", path: base + "/payouts", token: org})
	expect(t, r, 200, "")
	if field(r, "total") != float64(1) {
		t.Fatalf("festival payouts: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: base + "/payouts", token: other})
	expect(t, r, 404, "")
}

// TestPayoutAccountRateLimited: the payout account's calls that reach the
// provider (connect, refresh) share one allowance per user and hour
// (payout-account-user); the 31st is refused with Retry-After and the
// account is not changed by it, while another organiser is still served.
func TestPayoutAccountRateLimited(t *testing.T) {
	db, _ := filmDB(t)
	s := newFestivalServer(t, db)
	org := s.signUp("org@example.com", "organiser-password")
	other := s.signUp("other@example.com", "other-password")
	f := s.createFestival(org, nil)
	g := s.createFestival(other, nil)
	base := "/api/v1/manage/festivals/" + f.slug
	tax := `{"legalName":"Lisbon Films Lda","address":"Rua 1, Lisboa","country":"PT","taxId":"PT123456789"}`

	expect(t, s.do(call{method: "PUT", path: base + "/payout-account", token: org, body: tax}), 200, "")
	for i := 1; i < 30; i++ {
		if r := s.do(call{method: "POST", path: base + "/payout-account/refresh", token: org, body: `{}`}); r.status != 200 {
			t.Fatalf("refresh %d: %d %s", i, r.status, r.raw)
		}
	}
	r := s.do(call{method: "PUT", path: base + "/payout-account", token: org,
		body: `{"legalName":"Changed Lda","address":"Rua 2","country":"PT","taxId":"PT1"}`})
	expect(t, r, 429, "Too many payout account requests")
	if r.header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	expect(t, s.do(call{method: "POST", path: base + "/payout-account/refresh", token: org, body: `{}`}), 429, "")
	// Reading the account is not limited, and the refused change wrote nothing.
	r = s.do(call{method: "GET", path: base + "/payout-account", token: org})
	expect(t, r, 200, "")
	if field(r, "account", "legalName") != "Lisbon Films Lda" {
		t.Fatalf("refused change written: %s", r.raw)
	}
	// The allowance is the user's: another organiser is served.
	expect(t, s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + g.slug + "/payout-account", token: other, body: tax}), 200, "")
}
