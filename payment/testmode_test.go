package payment

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

var testNow = func() time.Time { return time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC) }

func card(number string) *marquee.TestCard {
	return &marquee.TestCard{Number: number, ExpMonth: 12, ExpYear: 2030, CVC: "123"}
}

var (
	testRef   = regexp.MustCompile(`^test_pi_[0-9a-f]{24}$`)
	testEvtID = regexp.MustCompile(`^test_evt_[0-9a-f]{24}$`)
)

// TestTestModeOutcomes runs every test card and test payment method
// through CreatePayment and checks the event the caller settles on.
func TestTestModeOutcomes(t *testing.T) {
	m := NewTestMode(testNow)
	for _, tc := range []struct {
		name     string
		card     *marquee.TestCard
		pm       string
		wantType marquee.PaymentEventType
		wantMsg  string
	}{
		{"visa card", card("4242 4242 4242 4242"), "", marquee.PaymentSucceeded, ""},
		{"visa card with dashes", card("4242-4242-4242-4242"), "", marquee.PaymentSucceeded, ""},
		{"declined card", card("4000000000000002"), "", marquee.PaymentFailed, "Your card was declined."},
		{"insufficient funds card", card("4000 0000 0000 9995"), "", marquee.PaymentFailed, "Your card has insufficient funds."},
		{"card wins over a payment method", card("4000000000000002"), "pm_card_visa", marquee.PaymentFailed, "Your card was declined."},
		{"pm_card_visa", nil, "pm_card_visa", marquee.PaymentSucceeded, ""},
		{"pm_card_mastercard", nil, "pm_card_mastercard", marquee.PaymentSucceeded, ""},
		{"pm_card_amex", nil, " pm_card_amex ", marquee.PaymentSucceeded, ""},
		{"pm_card_chargeDeclined", nil, "pm_card_chargeDeclined", marquee.PaymentFailed, "Your card was declined."},
		{"pm_card_chargeDeclinedInsufficientFunds", nil, "pm_card_chargeDeclinedInsufficientFunds", marquee.PaymentFailed, "Your card has insufficient funds."},
		{"pm_card_chargeDeclinedExpiredCard", nil, "pm_card_chargeDeclinedExpiredCard", marquee.PaymentFailed, "Your card has expired."},
		{"pm_card_chargeDeclinedIncorrectCvc", nil, "pm_card_chargeDeclinedIncorrectCvc", marquee.PaymentFailed, "Your card's security code is incorrect."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := m.CreatePayment(context.Background(), marquee.PaymentRequest{
				PurchaseID: 42, AmountCents: 5000, Currency: "usd", Country: "JP",
				PaymentMethod: tc.pm, Card: tc.card, IdempotencyKey: marquee.IdempotencyKey(42),
			})
			if err != nil {
				t.Fatalf("CreatePayment: %v", err)
			}
			if !testRef.MatchString(res.Reference) || res.ClientSecret != "" {
				t.Errorf("result %+v: want a test_pi_ reference and no client secret", res)
			}
			ev := res.Event
			if ev == nil {
				t.Fatal("no event: the test mode settles at once")
			}
			if ev.Type != tc.wantType || ev.Message != tc.wantMsg {
				t.Errorf("event %s %q, want %s %q", ev.Type, ev.Message, tc.wantType, tc.wantMsg)
			}
			if ev.PurchaseID != 42 || ev.AmountCents != 5000 || ev.Reference != res.Reference || !testEvtID.MatchString(ev.ID) {
				t.Errorf("event %+v: want purchase 42, 5000 cents, reference %s and a test_evt_ id", ev, res.Reference)
			}
		})
	}
}

// TestTestModeRefusesInput checks the card form's checks and the refusal
// of anything that is not a Stripe test card or test payment method: each
// is EInvalid naming the field, and nothing is charged.
func TestTestModeRefusesInput(t *testing.T) {
	m := NewTestMode(testNow)
	for _, tc := range []struct {
		name      string
		card      *marquee.TestCard
		pm        string
		field     string
		wantField string
	}{
		{"luhn failure", card("4242 4242 4242 4241"), "", "card.number", "Your card number is invalid."},
		{"too short", card("4242"), "", "card.number", "Your card number is invalid."},
		{"letters", card("4242 4242 4242 424x"), "", "card.number", "Your card number is invalid."},
		{"empty number", card(""), "", "card.number", "Card number is required"},
		{"expired card", &marquee.TestCard{Number: "4242424242424242", ExpMonth: 4, ExpYear: 2026, CVC: "123"}, "", "card.expiry", "Your card's expiration date is in the past."},
		{"expired last year", &marquee.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2025, CVC: "123"}, "", "card.expiry", "Your card's expiration date is in the past."},
		{"month 13", &marquee.TestCard{Number: "4242424242424242", ExpMonth: 13, ExpYear: 2030, CVC: "123"}, "", "card.expiry", "Your card's expiration date is invalid."},
		{"bad cvc", &marquee.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2030, CVC: "12"}, "", "card.cvc", "Your card's security code is invalid."},
		{"cvc letters", &marquee.TestCard{Number: "4242424242424242", ExpMonth: 12, ExpYear: 2030, CVC: "12a"}, "", "card.cvc", "Your card's security code is invalid."},
		{"a real-looking card", card("4012 8888 8888 1881"), "", "card.number", "Test mode accepts only Stripe's test cards, such as 4242 4242 4242 4242"},
		{"no card, no payment method", nil, "", "card", "Card details are required"},
		{"blank payment method", nil, "   ", "card", "Card details are required"},
		{"a real payment method", nil, "pm_1PgafyB7WZ01zgkW", "paymentMethodId", "Test mode accepts only Stripe's test payment methods, such as pm_card_visa"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := m.CreatePayment(context.Background(), marquee.PaymentRequest{
				PurchaseID: 7, AmountCents: 2500, Currency: "usd", PaymentMethod: tc.pm, Card: tc.card,
			})
			if res != nil || marquee.ErrorCode(err) != marquee.EInvalid {
				t.Fatalf("got %+v, %v; want EInvalid", res, err)
			}
			if got := marquee.ErrorFields(err)[tc.field]; got != tc.wantField {
				t.Errorf("field %s: %q, want %q (fields %v)", tc.field, got, tc.wantField, marquee.ErrorFields(err))
			}
		})
	}
}

// TestTestModeExpiryUsesClock checks that the card's expiry is judged by
// the clock given to NewTestMode: a card expiring this month is good.
func TestTestModeExpiryUsesClock(t *testing.T) {
	c := &marquee.TestCard{Number: "4242424242424242", ExpMonth: 5, ExpYear: 2026, CVC: "1234"}
	res, err := NewTestMode(testNow).CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: 1, AmountCents: 100, Card: c})
	if err != nil || res.Event.Type != marquee.PaymentSucceeded {
		t.Fatalf("card expiring this month: %+v, %v", res, err)
	}
	later := func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }
	if _, err := NewTestMode(later).CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: 1, AmountCents: 100, Card: c}); marquee.ErrorFields(err)["card.expiry"] == "" {
		t.Fatalf("card expired last month: %v", err)
	}
}

// TestTestModeReferencesAreUnique checks that two payments never share a
// reference (references are unique in the purchases table).
func TestTestModeReferencesAreUnique(t *testing.T) {
	m := NewTestMode(nil)
	seen := map[string]bool{}
	for i := 0; i < 100; i++ {
		res, err := m.CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: int64(i + 1), AmountCents: 100, PaymentMethod: "pm_card_visa"})
		if err != nil {
			t.Fatal(err)
		}
		if seen[res.Reference] || seen[res.Event.ID] {
			t.Fatalf("repeated reference or event id: %+v", res.Event)
		}
		seen[res.Reference], seen[res.Event.ID] = true, true
	}
}

func TestTestModeOtherMethods(t *testing.T) {
	m := NewTestMode(testNow)
	if m.Name() != marquee.ProviderTest || m.Config() != (marquee.PaymentConfig{Provider: "test"}) {
		t.Errorf("name %q, config %+v", m.Name(), m.Config())
	}
	if _, err := m.Payment(context.Background(), "test_pi_00ff"); marquee.ErrorCode(err) != marquee.EInvalid ||
		marquee.ErrorMessage(err) != "Test mode payments are settled at once" {
		t.Errorf("Payment: %v", err)
	}
	if err := m.Refund(context.Background(), "test_pi_00ff", "k", 1750); err != nil {
		t.Errorf("Refund of a test payment: %v", err)
	}
	for _, ref := range []string{"pi_3MtwBwLkdIwHu7ix28a3tqPa", "test_pi_", ""} {
		if err := m.Refund(context.Background(), ref, "k", 0); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Errorf("Refund(%q): %v, want EInvalid", ref, err)
		}
	}
	if err := m.Refund(context.Background(), "test_pi_00ff", "k", -1); marquee.ErrorCode(err) != marquee.EInvalid {
		t.Errorf("Refund of a negative amount: %v, want EInvalid", err)
	}
	ev, err := m.ParseWebhook([]byte(`{"type":"payment_intent.succeeded"}`), "t=1,v1=00")
	if ev != nil || marquee.ErrorCode(err) != marquee.EUnauthorized || marquee.ErrorMessage(err) != "Test mode has no webhooks" {
		t.Errorf("ParseWebhook: %+v, %v", ev, err)
	}
}
