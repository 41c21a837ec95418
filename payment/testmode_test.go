package payment

import (
	"context"
	"errors"
	"regexp"
	"sync"
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
	m := NewTestMode(testNow, newMemoryPayments())
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
		{"pm_card_chargeDeclinedProcessingError", nil, "pm_card_chargeDeclinedProcessingError", marquee.PaymentFailed, marquee.DeclineTryAgain.Message()},
		{"pm_card_chargeDeclinedVelocityLimitExceeded", nil, "pm_card_chargeDeclinedVelocityLimitExceeded", marquee.PaymentFailed, marquee.DeclineLimitReached.Message()},
		{"expired card", card("4000000000000069"), "", marquee.PaymentFailed, "Your card has expired."},
		{"incorrect security code card", card("4000000000000127"), "", marquee.PaymentFailed, "Your card's security code is incorrect."},
		{"processing error card", card("4000000000000119"), "", marquee.PaymentFailed, marquee.DeclineTryAgain.Message()},
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
	records := newMemoryPayments()
	m := NewTestMode(testNow, records)
	defer func() {
		if n := records.count(); n != 0 {
			t.Errorf("%d payments recorded for refused input", n)
		}
	}()
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
	res, err := NewTestMode(testNow, newMemoryPayments()).CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: 1, AmountCents: 100, Card: c})
	if err != nil || res.Event.Type != marquee.PaymentSucceeded {
		t.Fatalf("card expiring this month: %+v, %v", res, err)
	}
	later := func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }
	if _, err := NewTestMode(later, newMemoryPayments()).CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: 1, AmountCents: 100, Card: c}); marquee.ErrorFields(err)["card.expiry"] == "" {
		t.Fatalf("card expired last month: %v", err)
	}
}

// TestTestModeReferencesAreUnique checks that two payments never share a
// reference (references are unique in the purchases table).
func TestTestModeReferencesAreUnique(t *testing.T) {
	m := NewTestMode(nil, newMemoryPayments())
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
	m := NewTestMode(testNow, newMemoryPayments())
	if m.Name() != marquee.ProviderTest || m.Config() != (marquee.PaymentConfig{Provider: "test"}) {
		t.Errorf("name %q, config %+v", m.Name(), m.Config())
	}
	if _, err := m.Payment(context.Background(), "test_pi_00ff"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Errorf("Payment of a payment never made: %v, want ENotFound", err)
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

// memoryPayments keeps the test mode's payments in memory for these unit
// tests (store.TestPayments keeps them in the database; the store's tests
// run the test mode over it, on both databases and across two nodes).
type memoryPayments struct {
	mu   sync.Mutex
	list []marquee.TestPayment
	fail error // when set, Record fails with it
}

func newMemoryPayments() *memoryPayments { return &memoryPayments{} }

func (m *memoryPayments) Record(ctx context.Context, p marquee.TestPayment) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return m.fail
	}
	m.list = append(m.list, p)
	return nil
}

func (m *memoryPayments) Find(ctx context.Context, q marquee.PaymentLookup) ([]marquee.TestPayment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []marquee.TestPayment{}
	for _, p := range m.list {
		switch {
		case q.Reference != "":
			if p.Reference != q.Reference {
				continue
			}
		case q.TicketOrderID != 0:
			if p.TicketOrderID != q.TicketOrderID {
				continue
			}
		case q.PurchaseID == 0 || p.PurchaseID != q.PurchaseID:
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

func (m *memoryPayments) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.list)
}

// TestTestModeFindPayment: every payment the test mode answered is
// recorded first, and any test mode over the same records (another node,
// a restarted process) reports its outcome: by reference, or by the
// purchase or ticket order it paid; a success among failed attempts wins;
// a payment never made is ENotFound.
func TestTestModeFindPayment(t *testing.T) {
	ctx := context.Background()
	records := newMemoryPayments()
	node := NewTestMode(testNow, records)
	declined, err := node.CreatePayment(ctx, marquee.PaymentRequest{PurchaseID: 7, AmountCents: 2500, PaymentMethod: "pm_card_chargeDeclined"})
	if err != nil {
		t.Fatal(err)
	}
	paid, err := node.CreatePayment(ctx, marquee.PaymentRequest{PurchaseID: 7, AmountCents: 2500, PaymentMethod: "pm_card_visa"})
	if err != nil {
		t.Fatal(err)
	}
	ticket, err := node.CreatePayment(ctx, marquee.PaymentRequest{TicketOrderID: 12, AmountCents: 1800, Card: card("4000 0000 0000 9995")})
	if err != nil {
		t.Fatal(err)
	}
	if records.count() != 3 {
		t.Fatalf("%d payments recorded, want 3", records.count())
	}
	other := NewTestMode(testNow, records)
	for _, tc := range []struct {
		name string
		q    marquee.PaymentLookup
		want marquee.PaymentEvent
	}{
		{"the purchase's success wins over its decline", marquee.PaymentLookup{PurchaseID: 7},
			marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: paid.Reference, PurchaseID: 7, AmountCents: 2500}},
		{"the decline by its reference", marquee.PaymentLookup{Reference: declined.Reference, PurchaseID: 7},
			marquee.PaymentEvent{Type: marquee.PaymentFailed, Reference: declined.Reference, PurchaseID: 7, AmountCents: 2500, Message: "Your card was declined."}},
		{"the ticket order's decline", marquee.PaymentLookup{TicketOrderID: 12},
			marquee.PaymentEvent{Type: marquee.PaymentFailed, Reference: ticket.Reference, TicketOrderID: 12, AmountCents: 1800, Message: "Your card has insufficient funds."}},
	} {
		ev, err := other.FindPayment(ctx, tc.q)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !testEvtID.MatchString(ev.ID) {
			t.Errorf("%s: event id %q", tc.name, ev.ID)
		}
		ev.ID = ""
		if *ev != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, *ev, tc.want)
		}
	}
	if ev, err := other.Payment(ctx, paid.Reference); err != nil || ev.Type != marquee.PaymentSucceeded || ev.PurchaseID != 7 {
		t.Errorf("Payment: %+v %v", ev, err)
	}
	for _, q := range []marquee.PaymentLookup{{PurchaseID: 8}, {TicketOrderID: 7}, {Reference: "test_pi_00ff"}, {}} {
		if ev, err := other.FindPayment(ctx, q); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Errorf("FindPayment(%+v): %+v %v, want ENotFound", q, ev, err)
		}
	}
}

// TestTestModeUnrecordedPaymentFails: a payment the test mode cannot
// record is an error (not a refused card, not EInvalid) and was not made.
func TestTestModeUnrecordedPaymentFails(t *testing.T) {
	records := newMemoryPayments()
	records.fail = errors.New("connection reset by peer")
	res, err := NewTestMode(testNow, records).CreatePayment(context.Background(), marquee.PaymentRequest{PurchaseID: 7, AmountCents: 2500, PaymentMethod: "pm_card_visa"})
	if res != nil || err == nil || marquee.ErrorCode(err) == marquee.EInvalid || !errors.Is(err, records.fail) {
		t.Fatalf("%+v %v: want the recording's error", res, err)
	}
}
