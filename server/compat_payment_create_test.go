package server_test

import (
	"errors"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The seed's POST /api/v1/payment/create, called as the seed client (and
// curl) does: a JSON body and the bearer token.
func TestCompatPaymentCreate(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		buyer := s.signUp("buyer@example.com", "password-1")
		create := func(token, body string, header map[string]string) reply {
			return s.do(call{method: "POST", path: "/api/v1/payment/create", token: token, body: body, header: header})
		}
		failed := func(r reply, status int, msg string) {
			t.Helper()
			if r.status != status || field(r, "success") != false || field(r, "error") != msg || field(r, "message") != msg {
				t.Fatalf("want %d {success: false, error: %q}; got %d %s", status, msg, r.status, r.raw)
			}
		}

		// No token (or a bad one): 401 in the seed's failure shape.
		failed(create("", `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US"}`, nil), 401, "Please log in")
		failed(create("not-a-token", `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US"}`, nil), 401, "Please log in")
		if fake.checkoutCount() != 0 {
			t.Fatal("a visitor's payment reached the service")
		}

		// Success: 200 {success: true}, and nothing else.
		r := create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"us"}`, nil)
		expect(t, r, 200, "")
		if field(r, "success") != true || len(r.json) != 1 {
			t.Fatalf("success: %s", r.raw)
		}
		got := fake.lastCheckout()
		// The package is found by its price among the active packages.
		if got.PackageID != "pro" || got.AmountCents != 5000 || got.Country != "us" || got.PaymentMethod != "pm_card_visa" || got.Card != nil || got.Language != "en" {
			t.Fatalf("service got %+v", got)
		}
		// package names the package; the amount is passed on to be compared.
		expect(t, create(buyer, `{"amount":2500,"paymentMethodId":"pm_card_visa","country":"IN","package":"basic"}`, map[string]string{"Accept-Language": "zh"}), 200, "")
		if got := fake.lastCheckout(); got.PackageID != "basic" || got.AmountCents != 2500 || got.Language != "zh" {
			t.Fatalf("with package: %+v", got)
		}

		// Validation errors: 400 with the message, fields alongside.
		r = create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"USA"}`, nil)
		failed(r, 400, "Country must be a two-letter ISO 3166 code, such as US or IN")
		if field(r, "fields", "country") == nil || field(r, "code") != "validation" {
			t.Fatalf("fields: %s", r.raw)
		}
		n := fake.checkoutCount()
		for _, amount := range []string{`"amount":1234,`, `"amount":0,`, ``, `"amount":-5000,`} {
			failed(create(buyer, `{`+amount+`"paymentMethodId":"pm_card_visa","country":"US"}`, nil), 400, "The amount does not match any package's price")
		}
		if fake.checkoutCount() != n {
			t.Fatal("an amount of no package reached the service")
		}
		failed(create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US","package":"basic"}`, nil), 400, "The amount does not match the package's price")
		failed(create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":""}`, nil), 400, "Country is required")
		// An unknown package is 400 too, whatever the service's code.
		fake.checkoutErr = marquee.Errorf(marquee.ENotFound, "Package not found")
		failed(create(buyer, `{"amount":5000,"country":"US","package":"gold"}`, nil), 400, "Package not found")
		fake.checkoutErr = nil

		// A declined card: 400 with the provider's message.
		failed(create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_chargeDeclined","country":"US"}`, nil), 400, "Your card was declined.")
		// A payment left pending (this client cannot confirm it): 400, translated.
		failed(create(buyer, `{"amount":5000,"paymentMethodId":"pm_pending","country":"US"}`, nil), 400, "The payment was not completed")
		failed(create(buyer, `{"amount":5000,"paymentMethodId":"pm_pending","country":"US"}`, map[string]string{"Accept-Language": "ja"}), 400, "お支払いは完了しませんでした")

		// Malformed JSON, an empty body, a wrong type: 400 in the same shape.
		failed(create(buyer, `{"amount":5000,`, nil), 400, "Malformed JSON body")
		failed(create(buyer, ``, nil), 400, "Request body is empty; send a JSON object")
		failed(create(buyer, `{"amount":"50.00","country":"US"}`, nil), 400, "Field amount has the wrong type")
		failed(create(buyer, `[1,2]`, nil), 400, "Malformed JSON body")

		// An internal failure stays a 500, its details hidden.
		fake.checkoutErr = errors.New("database on fire")
		r = create(buyer, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US"}`, nil)
		if r.status != 500 || field(r, "success") != false || field(r, "error") == "database on fire" {
			t.Fatalf("internal: %d %s", r.status, r.raw)
		}
	})
}
