// Package payment holds Marquee's two marquee.PaymentProvider
// implementations: Stripe (stripe.go), used when its keys are configured,
// and the embedded test mode (testmode.go), which charges nothing and
// accepts only Stripe's documented test cards and test payment methods.
package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// testReferencePrefix starts every test mode payment reference.
const testReferencePrefix = "test_pi_"

// outcome is what the test mode answers for one test card or payment
// method: a success, or a failure with Stripe's message for it.
type outcome struct {
	Type    marquee.PaymentEventType
	Message string
}

// testCards are the card numbers the test mode accepts: Stripe's
// documented test cards for a success, a generic decline and a decline for
// insufficient funds, with Stripe's messages.
var testCards = map[string]outcome{
	"4242424242424242": {Type: marquee.PaymentSucceeded},
	"4000000000000002": {Type: marquee.PaymentFailed, Message: "Your card was declined."},
	"4000000000009995": {Type: marquee.PaymentFailed, Message: "Your card has insufficient funds."},
}

// testPaymentMethods are Stripe's documented test PaymentMethod ids the
// test mode accepts, so that API clients test with the ids they would send
// to Stripe: one per card brand that succeeds, and the declines whose
// messages Marquee translates.
var testPaymentMethods = map[string]outcome{
	"pm_card_visa":                            {Type: marquee.PaymentSucceeded},
	"pm_card_visa_debit":                      {Type: marquee.PaymentSucceeded},
	"pm_card_mastercard":                      {Type: marquee.PaymentSucceeded},
	"pm_card_mastercard_debit":                {Type: marquee.PaymentSucceeded},
	"pm_card_amex":                            {Type: marquee.PaymentSucceeded},
	"pm_card_discover":                        {Type: marquee.PaymentSucceeded},
	"pm_card_jcb":                             {Type: marquee.PaymentSucceeded},
	"pm_card_unionpay":                        {Type: marquee.PaymentSucceeded},
	"pm_card_chargeDeclined":                  {Type: marquee.PaymentFailed, Message: "Your card was declined."},
	"pm_card_chargeDeclinedInsufficientFunds": {Type: marquee.PaymentFailed, Message: "Your card has insufficient funds."},
	"pm_card_chargeDeclinedLostCard":          {Type: marquee.PaymentFailed, Message: "Your card was declined."},
	"pm_card_chargeDeclinedStolenCard":        {Type: marquee.PaymentFailed, Message: "Your card was declined."},
	"pm_card_chargeDeclinedExpiredCard":       {Type: marquee.PaymentFailed, Message: "Your card has expired."},
	"pm_card_chargeDeclinedIncorrectCvc":      {Type: marquee.PaymentFailed, Message: "Your card's security code is incorrect."},
}

// TestMode is the embedded payment provider used when Stripe is not
// configured. It charges nothing: it checks a card typed into Marquee's own
// form (or a Stripe test PaymentMethod id) and answers at once with the
// outcome Stripe would give for that test card, as an event that the
// caller settles through PaymentService.Settle, the path of a Stripe
// webhook. It keeps no state, so every node answers alike.
type TestMode struct {
	now func() time.Time
}

var _ marquee.PaymentProvider = (*TestMode)(nil)

// NewTestMode returns the test mode provider; now is its clock for card
// expiry (time.Now when nil).
func NewTestMode(now func() time.Time) *TestMode {
	if now == nil {
		now = time.Now
	}
	return &TestMode{now: now}
}

// Name is marquee.ProviderTest.
func (*TestMode) Name() string { return marquee.ProviderTest }

// Config tells the front end to show the test mode's own card form.
func (*TestMode) Config() marquee.PaymentConfig {
	return marquee.PaymentConfig{Provider: marquee.ProviderTest}
}

// CreatePayment answers at once with the outcome of req's test card or
// test payment method. A card that fails the form's checks (number, expiry,
// CVC) is EInvalid with the card's field errors; a valid card or a payment
// method id that is not one of Stripe's test ones is EInvalid too, as the
// test mode never takes a real card. A decline is not an error: it is a
// PaymentFailed event with Stripe's message.
func (m *TestMode) CreatePayment(ctx context.Context, req marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	var out outcome
	switch {
	case req.Card != nil:
		if err := req.Card.Validate(m.now()); err != nil {
			return nil, err
		}
		o, ok := testCards[req.Card.Digits()]
		if !ok {
			return nil, marquee.FieldError("card.number", "Test mode accepts only Stripe's test cards, such as 4242 4242 4242 4242")
		}
		out = o
	case strings.TrimSpace(req.PaymentMethod) == "":
		return nil, marquee.FieldError("card", "Card details are required")
	default:
		o, ok := testPaymentMethods[strings.TrimSpace(req.PaymentMethod)]
		if !ok {
			return nil, marquee.FieldError("paymentMethodId", "Test mode accepts only Stripe's test payment methods, such as pm_card_visa")
		}
		out = o
	}
	ref := testReferencePrefix + randomHex()
	return &marquee.PaymentResult{
		Reference: ref,
		Event: &marquee.PaymentEvent{
			ID:            "test_evt_" + randomHex(),
			Type:          out.Type,
			Reference:     ref,
			PurchaseID:    req.PurchaseID,
			TicketOrderID: req.TicketOrderID,
			AmountCents:   req.AmountCents,
			Message:       out.Message,
		},
	}, nil
}

// Payment is refused: the test mode settles every payment in its
// CreatePayment answer and keeps no state across processes, so there is
// never a payment in progress to ask about.
func (*TestMode) Payment(ctx context.Context, reference string) (*marquee.PaymentEvent, error) {
	return nil, marquee.Errorf(marquee.EInvalid, "Test mode payments are settled at once")
}

// Refund succeeds for a test mode payment (nothing was charged, so
// nothing is returned) and is EInvalid for any other reference or a
// negative amount.
func (*TestMode) Refund(ctx context.Context, reference, idempotencyKey string, amountCents int64) error {
	if !strings.HasPrefix(reference, testReferencePrefix) || len(reference) == len(testReferencePrefix) {
		return marquee.Errorf(marquee.EInvalid, "Test mode can refund only payments made in test mode")
	}
	if amountCents < 0 {
		return marquee.Errorf(marquee.EInvalid, "A refund's amount cannot be negative")
	}
	return nil
}

// ParseWebhook refuses every webhook: the test mode has none.
func (*TestMode) ParseWebhook(payload []byte, signature string) (*marquee.PaymentEvent, error) {
	return nil, marquee.Errorf(marquee.EUnauthorized, "Test mode has no webhooks")
}

// randomHex returns 24 random hexadecimal digits from crypto/rand.
func randomHex() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (it crashes the program instead)
	return hex.EncodeToString(b)
}
