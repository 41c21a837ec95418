package server_test

import (
	"fmt"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// The whole purchase over HTTP with the real store and the test mode, as a
// browser and the seed client (curl) do it: credits granted once, the
// balance at once, a declined card grants nothing, a receipt e-mail, a
// refund by an admin, and the dashboard's figures.
func TestPaymentFlowInTestMode(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		buyer := s.signUp("buyer@example.com", "password-1")
		balance := func() float64 {
			t.Helper()
			r := s.do(call{method: "GET", path: "/api/v1/me", token: buyer})
			expect(t, r, 200, "")
			return field(r, "user", "credits").(float64)
		}

		if r := s.do(call{method: "GET", path: "/api/v1/payments/config"}); field(r, "provider") != "test" {
			t.Fatalf("config: %s", r.raw)
		}

		// The browser's test-mode form: Pro with 4242 4242 4242 4242.
		r := s.do(call{method: "POST", path: "/api/v1/payments", token: buyer,
			body: `{"packageId":"pro","country":"in","card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2099,"cvc":"123"}}`})
		expect(t, r, 201, "")
		if field(r, "purchase", "status") != "succeeded" || field(r, "balance") != 100.0 || field(r, "purchase", "country") != "IN" || field(r, "purchase", "amountCents") != 5000.0 {
			t.Fatalf("checkout: %s", r.raw)
		}
		id := int64(field(r, "purchase", "id").(float64))
		if balance() != 100 {
			t.Fatal("balance not 100 after buying Pro")
		}
		// Confirming again (a retry) grants nothing more.
		expect(t, s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/payments/%d/confirm", id), token: buyer}), 200, "")
		if balance() != 100 {
			t.Fatal("a confirmation granted twice")
		}

		// A declined card: a failed purchase with the message in the buyer's language; nothing granted.
		r = s.do(call{method: "POST", path: "/api/v1/payments", token: buyer, header: map[string]string{"Accept-Language": "ja"},
			body: `{"packageId":"basic","country":"US","card":{"number":"4000000000000002","expMonth":1,"expYear":2099,"cvc":"123"}}`})
		expect(t, r, 201, "")
		if field(r, "purchase", "status") != "failed" || field(r, "purchase", "failureMessage") == "Your card was declined." || field(r, "balance") != 100.0 {
			t.Fatalf("declined: %s", r.raw)
		}
		// Bad input: 400 and no purchase written.
		r = s.do(call{method: "POST", path: "/api/v1/payments", token: buyer,
			body: `{"packageId":"pro","country":"","card":{"number":"4242424242424241","expMonth":13,"expYear":2099,"cvc":"1"}}`})
		expect(t, r, 400, "")
		if field(r, "fields", "country") == nil || field(r, "fields", "card.number") == nil {
			t.Fatalf("fields: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/me/purchases", token: buyer})
		if field(r, "total") != 2.0 {
			t.Fatalf("purchases: %s", r.raw)
		}

		// The seed client's call, with the bearer token, pays Basic by its price.
		r = s.do(call{method: "POST", path: "/api/v1/payment/create", token: buyer, body: `{"amount":2500,"paymentMethodId":"pm_card_visa","country":"US"}`})
		if r.status != 200 || field(r, "success") != true {
			t.Fatalf("seed call: %d %s", r.status, r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/payment/create", token: buyer, body: `{"amount":2500,"paymentMethodId":"pm_card_chargeDeclined","country":"US"}`})
		if r.status != 400 || field(r, "success") != false || field(r, "error") != "Your card was declined." {
			t.Fatalf("seed call declined: %d %s", r.status, r.raw)
		}
		if balance() != 150 {
			t.Fatalf("balance %v, want 150", balance())
		}

		// The ledger has one row per grant, and the receipt is the buyer's alone.
		r = s.do(call{method: "GET", path: "/api/v1/me/ledger", token: buyer})
		if field(r, "total") != 2.0 {
			t.Fatalf("ledger: %s", r.raw)
		}
		other := s.signUp("other@example.com", "password-2")
		expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", id), token: other}), 404, "")
		r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/me/purchases/%d", id), token: buyer})
		if field(r, "purchase", "packageName") != "Pro" || field(r, "purchase", "userEmail") != "buyer@example.com" {
			t.Fatalf("receipt: %s", r.raw)
		}

		// Receipts went to the outbox; an admin refunds Pro after the buyer spent nothing.
		admin := s.admin()
		r = s.do(call{method: "GET", path: "/api/v1/admin/outbox", token: admin})
		receipts := 0
		for _, m := range field(r, "items").([]any) {
			if m.(map[string]any)["kind"] == "receipt" && m.(map[string]any)["to"] == "buyer@example.com" {
				receipts++
			}
		}
		if receipts != 2 {
			t.Fatalf("receipts in the outbox: %d; %s", receipts, r.raw)
		}
		preview := func(id int64) reply {
			return s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/admin/purchases/%d/refund-preview", id), token: admin})
		}
		refund := func(id int64, take, cents int) reply {
			return s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/purchases/%d/refund", id), token: admin,
				body: fmt.Sprintf(`{"takeCredits":%d,"refundCents":%d}`, take, cents)})
		}
		r = preview(id)
		if r.status != 200 || field(r, "takeCredits") != 100.0 || field(r, "refundCents") != 5000.0 || field(r, "refundable") != true {
			t.Fatalf("preview: %d %s", r.status, r.raw)
		}
		r = refund(id, 100, 5000)
		if r.status != 200 || field(r, "purchase", "status") != "refunded" || field(r, "purchase", "refundedCents") != 5000.0 || field(r, "uncollected") != 0.0 {
			t.Fatalf("refund: %d %s", r.status, r.raw)
		}
		if balance() != 50 {
			t.Fatalf("balance after refund %v, want 50", balance())
		}
		expect(t, refund(id, 100, 5000), 409, "")

		// The seed call's Basic ($25, 50 credits) after the buyer spent 15
		// (an admin's adjustment): 35 credits and $17.50 go back, not $25.
		r = s.do(call{method: "GET", path: "/api/v1/me/purchases", token: buyer})
		var basic int64
		for _, it := range field(r, "items").([]any) {
			if p := it.(map[string]any); p["status"] == "succeeded" && p["packageId"] == "basic" {
				basic = int64(p["id"].(float64))
			}
		}
		buyerID := int64(field(s.do(call{method: "GET", path: "/api/v1/me", token: buyer}), "user", "id").(float64))
		expect(t, s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/users/%d/credits", buyerID), token: admin,
			body: `{"delta":-15,"reason":"Spent on a test"}`}), 200, "")
		r = preview(basic)
		if field(r, "balance") != 35.0 || field(r, "spentCredits") != 15.0 || field(r, "takeCredits") != 35.0 || field(r, "refundCents") != 1750.0 {
			t.Fatalf("preview of a partly spent purchase: %s", r.raw)
		}
		expect(t, refund(basic, 50, 2500), 409, "The buyer's balance has changed since the preview")
		r = refund(basic, 35, 1750)
		if r.status != 200 || field(r, "purchase", "refundedCredits") != 35.0 || field(r, "purchase", "refundedCents") != 1750.0 || field(r, "uncollected") != 15.0 {
			t.Fatalf("partial refund: %d %s", r.status, r.raw)
		}
		if balance() != 0 {
			t.Fatalf("balance after the partial refund %v, want 0", balance())
		}

		// The dashboards count no purchase still succeeded, and keep the
		// $7.50 of the spent credits as income.
		r = s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: admin})
		if field(r, "totalSubscriptions") != 0.0 || field(r, "totalTransactions") != 0.0 || field(r, "totalIncomeCents") != 750.0 {
			t.Fatalf("dashboard: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/dashboard/get", token: admin})
		if data, _ := field(r, "data").([]any); len(data) != 1 || data[0].(map[string]any)["totalIncome"] != 7.5 || data[0].(map[string]any)["totalTransactions"] != 0.0 {
			t.Fatalf("seed dashboard: %s", r.raw)
		}
	})
}
