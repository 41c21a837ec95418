package marquee

import (
	"errors"
	"maps"
	"testing"
	"time"
)

func TestLuhn(t *testing.T) {
	for _, tc := range []struct {
		digits string
		want   bool
	}{
		{"4242424242424242", true},
		{"4000000000000002", true},
		{"4000000000009995", true},
		{"5555555555554444", true},
		{"378282246310005", true}, // American Express, 15 digits
		{"79927398713", true},     // the textbook example
		{"0", true},
		{"4242424242424241", false},
		{"4242424242424243", false},
		{"79927398710", false},
		{"", false},
		{"4242 4242 4242 4242", false}, // Luhn takes digits only: TestCard.Digits strips spaces first
		{"4242-4242-4242-4242", false},
		{"424242424242424a", false},
		{"４２４２４２４２４２４２４２４２", false}, // full-width digits are not digits
	} {
		if got := Luhn(tc.digits); got != tc.want {
			t.Errorf("Luhn(%q) = %v, want %v", tc.digits, got, tc.want)
		}
	}
}

func TestTestCardDigits(t *testing.T) {
	for in, want := range map[string]string{
		"4242 4242 4242 4242": "4242424242424242",
		"4242-4242-4242-4242": "4242424242424242",
		" 4242424242424242 ":  "4242424242424242",
		"":                    "",
	} {
		if got := (TestCard{Number: in}).Digits(); got != want {
			t.Errorf("Digits(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTestCardValidate(t *testing.T) {
	// Noon on 1 May 2026 in UTC; 2 May in Tokyo, 30 April nowhere.
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	good := TestCard{Number: "4242 4242 4242 4242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}
	for _, tc := range []struct {
		name string
		edit func(c *TestCard)
		now  time.Time
		want map[string]string // nil: valid
	}{
		{"valid", func(c *TestCard) {}, now, nil},
		{"four-digit CVC", func(c *TestCard) { c.CVC = "1234" }, now, nil},
		{"CVC with spaces around", func(c *TestCard) { c.CVC = " 123 " }, now, nil},
		{"expires this month", func(c *TestCard) { c.ExpMonth, c.ExpYear = 5, 2026 }, now, nil},
		{"this month, clock in another zone", func(c *TestCard) { c.ExpMonth, c.ExpYear = 4, 2026 },
			time.Date(2026, 5, 1, 2, 0, 0, 0, time.FixedZone("JST", 9*3600)), nil}, // 30 April 17:00 UTC
		{"12 digits", func(c *TestCard) { c.Number = "000000000000" }, now, nil},
		{"19 digits", func(c *TestCard) { c.Number = "4242424242424242428" }, now, nil},
		{"no number", func(c *TestCard) { c.Number = " - " }, now, map[string]string{"card.number": "Card number is required"}},
		{"Luhn failure", func(c *TestCard) { c.Number = "4242424242424241" }, now, map[string]string{"card.number": "Your card number is invalid."}},
		{"11 digits", func(c *TestCard) { c.Number = "00000000000" }, now, map[string]string{"card.number": "Your card number is invalid."}},
		{"20 digits", func(c *TestCard) { c.Number = "00000000000000000000" }, now, map[string]string{"card.number": "Your card number is invalid."}},
		{"letters", func(c *TestCard) { c.Number = "4242 4242 4242 42x2" }, now, map[string]string{"card.number": "Your card number is invalid."}},
		{"expired last month", func(c *TestCard) { c.ExpMonth, c.ExpYear = 4, 2026 }, now, map[string]string{"card.expiry": "Your card's expiration date is in the past."}},
		{"expired last year", func(c *TestCard) { c.ExpMonth, c.ExpYear = 12, 2025 }, now, map[string]string{"card.expiry": "Your card's expiration date is in the past."}},
		{"month 0", func(c *TestCard) { c.ExpMonth = 0 }, now, map[string]string{"card.expiry": "Your card's expiration date is invalid."}},
		{"month 13", func(c *TestCard) { c.ExpMonth = 13 }, now, map[string]string{"card.expiry": "Your card's expiration date is invalid."}},
		{"two-digit year", func(c *TestCard) { c.ExpYear = 30 }, now, map[string]string{"card.expiry": "Your card's expiration date is invalid."}},
		{"year 2101", func(c *TestCard) { c.ExpYear = 2101 }, now, map[string]string{"card.expiry": "Your card's expiration date is invalid."}},
		{"short CVC", func(c *TestCard) { c.CVC = "12" }, now, map[string]string{"card.cvc": "Your card's security code is invalid."}},
		{"long CVC", func(c *TestCard) { c.CVC = "12345" }, now, map[string]string{"card.cvc": "Your card's security code is invalid."}},
		{"CVC letters", func(c *TestCard) { c.CVC = "1a3" }, now, map[string]string{"card.cvc": "Your card's security code is invalid."}},
		{"no CVC", func(c *TestCard) { c.CVC = "" }, now, map[string]string{"card.cvc": "Your card's security code is invalid."}},
		{"everything wrong", func(c *TestCard) { *c = TestCard{} }, now, map[string]string{
			"card.number": "Card number is required",
			"card.expiry": "Your card's expiration date is invalid.",
			"card.cvc":    "Your card's security code is invalid.",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := good
			tc.edit(&c)
			err := c.Validate(tc.now)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			if ErrorCode(err) != EInvalid || !maps.Equal(ErrorFields(err), tc.want) {
				t.Fatalf("Validate: %v %v, want %v", err, ErrorFields(err), tc.want)
			}
		})
	}
}

func TestCheckoutRequestNormalizeValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  CheckoutRequest
		want map[string]string // nil: valid
	}{
		{"valid", CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: "pm_card_visa"}, nil},
		{"lower-case country, spaces", CheckoutRequest{PackageID: " pro ", Country: " in ", AmountCents: 5000}, nil},
		{"no payment method (Stripe Elements)", CheckoutRequest{PackageID: "basic", Country: "JP"}, nil},
		{"missing package", CheckoutRequest{PackageID: "  ", Country: "US"}, map[string]string{"packageId": "Package is required"}},
		{"missing country", CheckoutRequest{PackageID: "pro", Country: " "}, map[string]string{"country": "Country is required"}},
		{"unknown code", CheckoutRequest{PackageID: "pro", Country: "XX"}, map[string]string{"country": "Country must be a two-letter ISO 3166 code, such as US or IN"}},
		{"country name", CheckoutRequest{PackageID: "pro", Country: "USA"}, map[string]string{"country": "Country must be a two-letter ISO 3166 code, such as US or IN"}},
		{"negative amount", CheckoutRequest{PackageID: "pro", Country: "US", AmountCents: -2500}, map[string]string{"amount": "Amount must be a positive number of cents"}},
		{"payment method too long", CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: "pm_" + string(make([]byte, 253))},
			map[string]string{"paymentMethodId": "Payment method is not valid"}},
		{"everything missing", CheckoutRequest{AmountCents: -1}, map[string]string{
			"packageId": "Package is required", "country": "Country is required", "amount": "Amount must be a positive number of cents"}},
		{"amount names the package (seed client)", CheckoutRequest{Country: "US", AmountCents: 2500}, nil},
		{"every failing field at once, card included", CheckoutRequest{PackageID: "pro", Card: &TestCard{Number: "4242 4242 4242 4241", ExpMonth: 13, ExpYear: 2030, CVC: "1"}},
			map[string]string{"country": "Country is required", "card.number": "Your card number is invalid.",
				"card.expiry": "Your card's expiration date is invalid.", "card.cvc": "Your card's security code is invalid."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.req
			r.Normalize()
			err := r.Validate(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v %v", err, ErrorFields(err))
				}
				return
			}
			if ErrorCode(err) != EInvalid || !maps.Equal(ErrorFields(err), tc.want) {
				t.Fatalf("Validate: %v %v, want %v", err, ErrorFields(err), tc.want)
			}
		})
	}

	r := CheckoutRequest{PackageID: " pro\t", Country: " in ", PaymentMethod: " pm_card_visa "}
	r.Normalize()
	if r != (CheckoutRequest{PackageID: "pro", Country: "IN", PaymentMethod: "pm_card_visa"}) {
		t.Errorf("Normalize: %+v", r)
	}
}

func TestValidatePrice(t *testing.T) {
	pro := &Package{ID: "pro", PriceCents: 5000, Credits: 100}
	for _, tc := range []struct {
		amount int64
		ok     bool
	}{
		{0, true}, // no amount sent: the package prices the purchase
		{5000, true},
		{2500, false},
		{5001, false},
	} {
		err := CheckoutRequest{PackageID: "pro", AmountCents: tc.amount}.ValidatePrice(pro)
		if tc.ok != (err == nil) {
			t.Errorf("amount %d: %v", tc.amount, err)
		}
		if err != nil && ErrorFields(err)["amount"] != "The amount does not match the package's price" {
			t.Errorf("amount %d: fields %v", tc.amount, ErrorFields(err))
		}
	}
}

func TestPackageForAmount(t *testing.T) {
	packages := []*Package{
		{ID: "basic", PriceCents: 2500, Credits: 40},
		{ID: "pro", PriceCents: 5000, Credits: 100},
		{ID: "studio", PriceCents: 10000, Credits: 250},
	}
	for _, tc := range []struct {
		amount int64
		want   string // "" for no package
	}{
		{2500, "basic"}, {5000, "pro"}, {10000, "studio"}, {0, ""}, {-2500, ""}, {25, ""}, {4999, ""},
	} {
		p, err := PackageForAmount(packages, tc.amount)
		switch {
		case tc.want == "" && (p != nil || ErrorFields(err)["amount"] != "The amount does not match any package's price"):
			t.Errorf("amount %d: %+v, %v", tc.amount, p, err)
		case tc.want != "" && (err != nil || p == nil || p.ID != tc.want):
			t.Errorf("amount %d: %+v, %v, want %s", tc.amount, p, err, tc.want)
		}
	}
	if p, err := PackageForAmount(nil, 2500); p != nil || ErrorCode(err) != EInvalid {
		t.Errorf("no packages: %+v, %v", p, err)
	}
}

func TestPurchaseReferenceAndIdempotencyKey(t *testing.T) {
	for _, tc := range []struct {
		id        int64
		ref, ikey string
	}{
		{1, "purchase:1", "marquee-purchase-1"},
		{12, "purchase:12", "marquee-purchase-12"},
		{9007199254740993, "purchase:9007199254740993", "marquee-purchase-9007199254740993"},
	} {
		if got := PurchaseReference(tc.id); got != tc.ref {
			t.Errorf("PurchaseReference(%d) = %q, want %q", tc.id, got, tc.ref)
		}
		if got := IdempotencyKey(tc.id); got != tc.ikey {
			t.Errorf("IdempotencyKey(%d) = %q, want %q", tc.id, got, tc.ikey)
		}
	}
	if IdempotencyKey(1) == IdempotencyKey(11) || PurchaseReference(1) == PurchaseReference(11) {
		t.Error("two purchases share a key")
	}
}

func TestParsePurchaseStatusFilter(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   PurchaseStatus
		failed bool
	}{
		{"", "", false},
		{"all", "", false},
		{" all ", "", false},
		{"pending", PurchasePending, false},
		{"succeeded", PurchaseSucceeded, false},
		{" failed", PurchaseFailed, false},
		{"refunded", PurchaseRefunded, false},
		{"Succeeded", "", true},
		{"paid", "", true},
		{"refund", "", true},
	} {
		var f FieldErrors
		got := ParsePurchaseStatusFilter(tc.in, &f)
		if got != tc.want || f.Has("status") != tc.failed {
			t.Errorf("ParsePurchaseStatusFilter(%q) = %q, failed %v; want %q, failed %v", tc.in, got, f.Has("status"), tc.want, tc.failed)
		}
		if tc.failed && ErrorFields(f.Err())["status"] != "Unknown purchase status (want pending, succeeded, failed, refunded or all)" {
			t.Errorf("%q: %v", tc.in, ErrorFields(f.Err()))
		}
	}
}

// TestReconcileEvent: a payment unsettled for PaymentReconcileAfter
// settles as the provider's outcome, fails when the provider has none or
// it is unfinished, and waits when the provider could not answer or
// answered about another payment.
func TestReconcileEvent(t *testing.T) {
	purchase := PaymentLookup{PurchaseID: 7}
	order := PaymentLookup{TicketOrderID: 12, Reference: "pi_t"}
	down := errors.New("dial tcp: connection refused")
	for _, tc := range []struct {
		name    string
		q       PaymentLookup
		ev      *PaymentEvent
		err     error
		want    PaymentEvent
		wantErr bool
	}{
		{"charged", purchase, &PaymentEvent{ID: "evt_1", Type: PaymentSucceeded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}, nil,
			PaymentEvent{ID: "evt_1", Type: PaymentSucceeded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}, false},
		{"charged, the event naming no purchase", purchase, &PaymentEvent{Type: PaymentSucceeded, Reference: "pi_ok"}, nil,
			PaymentEvent{Type: PaymentSucceeded, Reference: "pi_ok", PurchaseID: 7}, false},
		{"declined", order, &PaymentEvent{Type: PaymentFailed, Reference: "pi_t", TicketOrderID: 12, Message: "Your card was declined."}, nil,
			PaymentEvent{Type: PaymentFailed, Reference: "pi_t", TicketOrderID: 12, Message: "Your card was declined."}, false},
		{"failed without a reason", order, &PaymentEvent{Type: PaymentFailed}, nil,
			PaymentEvent{Type: PaymentFailed, Reference: "pi_t", TicketOrderID: 12, Message: "Your payment was not completed."}, false},
		{"never made", purchase, nil, Errorf(ENotFound, "The payment was not found"),
			PaymentEvent{Type: PaymentFailed, PurchaseID: 7, Message: "Your payment was not completed."}, false},
		{"unfinished", order, nil, Errorf(EConflict, "The payment is not finished yet"),
			PaymentEvent{Type: PaymentFailed, Reference: "pi_t", TicketOrderID: 12, Message: "Your payment was not completed."}, false},
		{"provider down", purchase, nil, down, PaymentEvent{}, true},
		{"another purchase's payment", purchase, &PaymentEvent{Type: PaymentSucceeded, Reference: "pi_x", PurchaseID: 8}, nil, PaymentEvent{}, true},
		{"another reference", order, &PaymentEvent{Type: PaymentSucceeded, Reference: "pi_x"}, nil, PaymentEvent{}, true},
		{"a purchase's payment for an order", order, &PaymentEvent{Type: PaymentSucceeded, PurchaseID: 12}, nil, PaymentEvent{}, true},
	} {
		got, err := ReconcileEvent(tc.q, tc.ev, tc.err)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("%s: %+v %v, want %+v (error %v)", tc.name, got, err, tc.want, tc.wantErr)
		}
	}
}
