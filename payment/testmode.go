// Package payment holds Marquee's two marquee.PaymentProvider
// implementations: Stripe (stripe.go), used when its keys are configured,
// and the embedded test mode (testmode.go), which charges nothing and
// accepts only Stripe's documented test cards and test payment methods.
package payment

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// testReferencePrefix starts every test mode payment reference.
const testReferencePrefix = "test_pi_"

// outcome is what the test mode answers for one test card or payment
// method: a success, or a failure with Marquee's reason for it (the one
// Stripe's decline code for that card maps to, StripeDecline).
type outcome struct {
	Type    marquee.PaymentEventType
	Decline marquee.CardDecline
}

// declined is the failure for reason d.
func declined(d marquee.CardDecline) outcome { return outcome{Type: marquee.PaymentFailed, Decline: d} }

// message is the outcome's message: none for a success.
func (o outcome) message() string {
	if o.Type != marquee.PaymentFailed {
		return ""
	}
	return o.Decline.Message()
}

// testCards are the card numbers the test mode accepts: Stripe's
// documented test cards for a success and for declines (generic,
// insufficient funds, expired, wrong security code, processing error),
// with Marquee's reasons for Stripe's decline codes.
var testCards = map[string]outcome{
	"4242424242424242": {Type: marquee.PaymentSucceeded},
	"4000000000000002": declined(marquee.DeclineGeneric),
	"4000000000009995": declined(marquee.DeclineInsufficientFunds),
	"4000000000000069": declined(marquee.DeclineExpired),
	"4000000000000127": declined(marquee.DeclineIncorrectCVC),
	"4000000000000119": declined(marquee.DeclineTryAgain),
}

// testPaymentMethods are Stripe's documented test PaymentMethod ids the
// test mode accepts, so that API clients test with the ids they would send
// to Stripe: one per card brand that succeeds, and the declines whose
// messages Marquee translates.
var testPaymentMethods = map[string]outcome{
	"pm_card_visa":                                {Type: marquee.PaymentSucceeded},
	"pm_card_visa_debit":                          {Type: marquee.PaymentSucceeded},
	"pm_card_mastercard":                          {Type: marquee.PaymentSucceeded},
	"pm_card_mastercard_debit":                    {Type: marquee.PaymentSucceeded},
	"pm_card_amex":                                {Type: marquee.PaymentSucceeded},
	"pm_card_discover":                            {Type: marquee.PaymentSucceeded},
	"pm_card_jcb":                                 {Type: marquee.PaymentSucceeded},
	"pm_card_unionpay":                            {Type: marquee.PaymentSucceeded},
	"pm_card_chargeDeclined":                      declined(marquee.DeclineGeneric),
	"pm_card_chargeDeclinedInsufficientFunds":     declined(marquee.DeclineInsufficientFunds),
	"pm_card_chargeDeclinedLostCard":              declined(marquee.DeclineGeneric),
	"pm_card_chargeDeclinedStolenCard":            declined(marquee.DeclineGeneric),
	"pm_card_chargeDeclinedExpiredCard":           declined(marquee.DeclineExpired),
	"pm_card_chargeDeclinedIncorrectCvc":          declined(marquee.DeclineIncorrectCVC),
	"pm_card_chargeDeclinedProcessingError":       declined(marquee.DeclineTryAgain),
	"pm_card_chargeDeclinedVelocityLimitExceeded": declined(marquee.DeclineLimitReached),
}

// TestMode is the embedded payment provider used when Stripe is not
// configured. It charges nothing: it checks a card typed into Marquee's own
// form (or a Stripe test PaymentMethod id) and answers at once with the
// outcome Stripe would give for that test card, as an event that the
// caller settles through PaymentService.Settle, the path of a Stripe
// webhook. Like a card provider it keeps every payment it answered (in
// the database, marquee.TestPayments), recorded before it answers, so
// that every node, and a restarted one, says what became of a payment.
type TestMode struct {
	now      func() time.Time
	payments marquee.TestPayments
}

var _ marquee.PaymentProvider = (*TestMode)(nil)

// NewTestMode returns the test mode provider; now is its clock for card
// expiry and its records (time.Now when nil), payments keeps the payments
// it answers (store.NewTestPayments: required).
func NewTestMode(now func() time.Time, payments marquee.TestPayments) *TestMode {
	if now == nil {
		now = time.Now
	}
	if payments == nil {
		panic("payment: the test mode needs a record of its payments")
	}
	return &TestMode{now: now, payments: payments}
}

// Name is marquee.ProviderTest.
func (*TestMode) Name() string { return marquee.ProviderTest }

// Config tells the front end to show the test mode's own card form.
func (*TestMode) Config() marquee.PaymentConfig {
	return marquee.PaymentConfig{Provider: marquee.ProviderTest}
}

// CreatePayment answers at once with the outcome of req's test card or
// test payment method, once it has recorded it. A card that fails the
// form's checks (number, expiry, CVC) is EInvalid with the card's field
// errors; a valid card or a payment method id that is not one of Stripe's
// test ones is EInvalid too, as the test mode never takes a real card. A
// decline is not an error: it is a PaymentFailed event with Marquee's
// message for it. A payment it could not record is an error (and was not made).
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
	rec := marquee.TestPayment{Reference: ref, PurchaseID: req.PurchaseID, TicketOrderID: req.TicketOrderID,
		AmountCents: req.AmountCents, Type: out.Type, Message: out.message(), CreatedAt: m.now().UTC()}
	if err := m.payments.Record(ctx, rec); err != nil {
		return nil, fmt.Errorf("test mode: record the payment of purchase %d, ticket order %d: %w", req.PurchaseID, req.TicketOrderID, err)
	}
	return &marquee.PaymentResult{
		Reference: ref,
		Event: &marquee.PaymentEvent{
			ID:            "test_evt_" + randomHex(),
			Type:          out.Type,
			Reference:     ref,
			PurchaseID:    req.PurchaseID,
			TicketOrderID: req.TicketOrderID,
			AmountCents:   req.AmountCents,
			Message:       out.message(),
		},
	}, nil
}

// Payment reports the recorded outcome of the payment reference
// (ENotFound when the test mode never answered it).
func (m *TestMode) Payment(ctx context.Context, reference string) (*marquee.PaymentEvent, error) {
	if reference == "" {
		return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
	}
	return m.FindPayment(ctx, marquee.PaymentLookup{Reference: reference})
}

// FindPayment reports the recorded outcome of the payment q names: a
// success when one of its attempts succeeded (that one was charged), else
// its latest failure; ENotFound when none was recorded (nothing was
// charged).
func (m *TestMode) FindPayment(ctx context.Context, q marquee.PaymentLookup) (*marquee.PaymentEvent, error) {
	recs, err := m.payments.Find(ctx, q)
	if err != nil {
		return nil, fmt.Errorf("test mode: find payment %+v: %w", q, err)
	}
	if len(recs) == 0 {
		return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
	}
	p := recs[len(recs)-1]
	for _, r := range recs {
		if r.Type == marquee.PaymentSucceeded {
			p = r
			break
		}
	}
	return &marquee.PaymentEvent{
		ID:            "test_evt_" + randomHex(),
		Type:          p.Type,
		Reference:     p.Reference,
		PurchaseID:    p.PurchaseID,
		TicketOrderID: p.TicketOrderID,
		AmountCents:   p.AmountCents,
		Message:       p.Message,
	}, nil
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
