package server_test

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// newPaymentServer serves db's services with payments replaced by a fake
// (configure it in edit before the server reads its Config); the clock
// sits 30 seconds into a ten-minute window so rate limits never straddle one.
func newPaymentServer(t *testing.T, db *storetest.DB, fake *fakePayments, edit ...func(*server.Config)) *testServer {
	t.Helper()
	db.Clock.Set(rateNow)
	svc := db.Domain()
	svc.Payments = fake
	return newTestServerOver(t, db, svc, edit...)
}

// userID returns the id of the account signed in with token.
func (s *testServer) userID(token string) int64 {
	s.t.Helper()
	r := s.do(call{method: "GET", path: "/api/v1/me", token: token})
	expect(s.t, r, 200, "")
	id, ok := field(r, "user", "id").(float64)
	if !ok {
		s.t.Fatalf("no user id: %s", r.raw)
	}
	return int64(id)
}

func TestPaymentConfig(t *testing.T) {
	db := sqliteDB(t)
	s := newPaymentServer(t, db, newFakePayments())
	r := s.do(call{method: "GET", path: "/api/v1/payments/config"})
	expect(t, r, 200, "")
	if field(r, "provider") != "test" || len(r.json) != 1 {
		t.Fatalf("test mode config: %s", r.raw)
	}

	stripe := newFakePayments()
	stripe.config = marquee.PaymentConfig{Provider: marquee.ProviderStripe, PublishableKey: "pk_test_123"}
	s = newPaymentServer(t, db, stripe)
	r = s.do(call{method: "GET", path: "/api/v1/payments/config"})
	expect(t, r, 200, "")
	if field(r, "provider") != "stripe" || field(r, "publishableKey") != "pk_test_123" {
		t.Fatalf("stripe config: %s", r.raw)
	}
}

func TestPaymentCheckout(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		buyer := s.signUp("buyer@example.com", "password-1")
		pay := func(body string, header map[string]string) reply {
			return s.do(call{method: "POST", path: "/api/v1/payments", token: buyer, body: body, header: header})
		}

		// Signed out: 401, and the service is never asked.
		expect(t, s.do(call{method: "POST", path: "/api/v1/payments", body: `{"packageId":"pro","country":"US"}`}), 401, "Please log in")
		if fake.checkoutCount() != 0 {
			t.Fatal("a visitor's checkout reached the service")
		}

		// Success: 201 with the service's result; the body and the
		// request's language are passed through.
		r := pay(`{"packageId":"pro","country":"us","amountCents":5000,"paymentMethodId":"pm_card_visa","card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2040,"cvc":"123"}}`,
			map[string]string{"Accept-Language": "ja-JP,ja;q=0.9"})
		expect(t, r, 201, "")
		if field(r, "purchase", "status") != "succeeded" || field(r, "purchase", "credits") != float64(100) || field(r, "balance") != float64(100) {
			t.Fatalf("checkout: %s", r.raw)
		}
		if _, ok := r.json["clientSecret"]; ok {
			t.Fatalf("clientSecret without one: %s", r.raw)
		}
		got := fake.lastCheckout()
		want := marquee.CheckoutRequest{PackageID: "pro", Country: "us", AmountCents: 5000, PaymentMethod: "pm_card_visa", Language: "ja",
			Card: &marquee.TestCard{Number: "4242 4242 4242 4242", ExpMonth: 12, ExpYear: 2040, CVC: "123"}}
		if got.Card == nil || *got.Card != *want.Card || got.PackageID != want.PackageID || got.Country != want.Country ||
			got.AmountCents != want.AmountCents || got.PaymentMethod != want.PaymentMethod || got.Language != want.Language {
			t.Fatalf("service got %+v (card %+v), want %+v", got, got.Card, want)
		}
		pay(`{"packageId":"basic","country":"US"}`, nil)
		if got := fake.lastCheckout(); got.Language != "en" || got.Card != nil {
			t.Fatalf("default language %q, card %v", got.Language, got.Card)
		}

		// A declined card is a 201 whose purchase failed, with the
		// provider's message.
		r = pay(`{"packageId":"pro","country":"IN","paymentMethodId":"pm_card_chargeDeclined"}`, nil)
		expect(t, r, 201, "")
		if field(r, "purchase", "status") != "failed" || field(r, "purchase", "failureMessage") != "Your card was declined." || field(r, "balance") != float64(150) {
			t.Fatalf("declined: %s", r.raw)
		}

		// A payment the browser must still confirm carries the client secret.
		r = pay(`{"packageId":"enterprise","country":"US","paymentMethodId":"pm_pending"}`, nil)
		expect(t, r, 201, "")
		if field(r, "purchase", "status") != "pending" || field(r, "clientSecret") == nil {
			t.Fatalf("pending: %s", r.raw)
		}

		// Invalid input: the service's field errors pass through as 400.
		expectFieldError(t, pay(`{"packageId":"pro","country":"usa"}`, nil), "country", "Country must be a two-letter ISO 3166 code, such as US or IN")
		expectFieldError(t, pay(`{"country":"US"}`, nil), "packageId", "Package is required")
		expectFieldError(t, pay(`{"packageId":"pro","country":"US","amountCents":2500}`, nil), "amount", "The amount does not match the package's price")
		r = pay(`{"packageId":"pro","country":""}`, nil)
		expect(t, r, 400, "")
		if field(r, "fields", "country") != "Country is required" {
			t.Fatalf("empty country: %s", r.raw)
		}
		expect(t, pay(`{"packageId":`, nil), 400, "Malformed JSON body")
		r = pay(`{"packageId":"pro","country":"US","amountCents":"50"}`, nil)
		expect(t, r, 400, "wrong type")
		if field(r, "fields", "amountCents") == nil {
			t.Fatalf("wrong type: %s", r.raw)
		}
		// Service errors keep their status (an internal one is 500, hidden).
		fake.checkoutErr = errors.New("provider unreachable: secret details")
		r = pay(`{"packageId":"pro","country":"US"}`, nil)
		expect(t, r, 500, "")
		if field(r, "message") == "provider unreachable: secret details" {
			t.Fatalf("internal details leaked: %s", r.raw)
		}
	})
}

func TestPaymentCheckoutRateLimited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake, func(c *server.Config) { c.CheckoutRatePer10Min = 3 })
		buyer := s.signUp("buyer@example.com", "password-1")
		other := s.signUp("other@example.com", "password-1")
		pay := func(token string, header map[string]string) reply {
			return s.do(call{method: "POST", path: "/api/v1/payments", token: token, header: header,
				body: `{"packageId":"pro","country":"US","paymentMethodId":"pm_card_chargeDeclined"}`})
		}
		for range 3 {
			expect(t, pay(buyer, nil), 201, "")
		}
		r := pay(buyer, nil)
		expect(t, r, 429, "Too many payment attempts. Try again in a few minutes.")
		// 10:00:30 now; the ten-minute window ends at 10:10.
		if got := r.header.Get("Retry-After"); got != "570" {
			t.Fatalf("Retry-After %q, want 570", got)
		}
		if field(r, "code") != "rate_limited" {
			t.Fatalf("code: %s", r.raw)
		}
		r = pay(buyer, map[string]string{"Accept-Language": "zh-CN"})
		expect(t, r, 429, "付款尝试次数过多")
		r = pay(buyer, map[string]string{"Accept-Language": "ja"})
		expect(t, r, 429, "お支払いの試行回数が多すぎます")
		// The seed's call shares the allowance.
		r = s.do(call{method: "POST", path: "/api/v1/payment/create", token: buyer, body: `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US"}`})
		if r.status != 429 || field(r, "success") != false || field(r, "error") != "Too many payment attempts. Try again in a few minutes." {
			t.Fatalf("seed call past the limit: %d %s", r.status, r.raw)
		}
		if fake.checkoutCount() != 3 {
			t.Fatalf("the service was asked %d times, want 3", fake.checkoutCount())
		}
		// Each user has their own allowance, and the next window starts afresh.
		expect(t, pay(other, nil), 201, "")
		db.Clock.Set(rateNow.Add(10 * time.Minute))
		expect(t, pay(buyer, nil), 201, "")
	})
}

func TestPaymentConfirm(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		buyer := s.signUp("buyer@example.com", "password-1")
		other := s.signUp("other@example.com", "password-1")
		r := s.do(call{method: "POST", path: "/api/v1/payments", token: buyer, body: `{"packageId":"pro","country":"US","paymentMethodId":"pm_pending"}`})
		expect(t, r, 201, "")
		id := strconv.Itoa(int(field(r, "purchase", "id").(float64)))
		confirm := func(id, token string) reply {
			return s.do(call{method: "POST", path: "/api/v1/payments/" + id + "/confirm", token: token})
		}

		expect(t, confirm(id, ""), 401, "Please log in")
		expect(t, confirm(id, other), 404, "Purchase not found")
		for _, bad := range []string{"0", "-1", "abc", "999"} {
			expect(t, confirm(bad, buyer), 404, "")
		}
		r = confirm(id, buyer)
		expect(t, r, 200, "")
		if field(r, "purchase", "status") != "succeeded" || field(r, "balance") != float64(100) {
			t.Fatalf("confirm: %s", r.raw)
		}
	})
}
