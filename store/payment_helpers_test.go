package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The fake provider's payment methods choose the outcome of a payment.
const (
	pmSucceed = "pm_ok"      // succeeds at once
	pmDecline = "pm_decline" // declined at once: "Your card was declined."
	pmPending = "pm_pending" // the browser must confirm: a client secret, no outcome yet
	pmRefuse  = "pm_refuse"  // input the provider refuses: EInvalid
	pmDown    = "pm_down"    // the provider cannot be reached
)

const declined = "Your card was declined."

// fakeProvider is a marquee.PaymentProvider whose outcome is chosen by the
// request's payment method; it remembers what it was asked.
type fakeProvider struct {
	mu       sync.Mutex
	requests []marquee.PaymentRequest
	refunds  map[string]string // reference -> idempotency key
	// refunded is the money refunded per idempotency key: a key asked
	// again with another amount is refused (as Stripe refuses it), so
	// the sum over keys is what buyers got back.
	refunded    map[string]int64
	refundCalls int
	// refundDown makes Refund fail as an unreachable provider.
	refundDown bool
	states     map[string]marquee.PaymentEventType
	amounts    map[string]int64
	ids        map[string]int64
}

func newFakeProvider() *fakeProvider {
	return &fakeProvider{refunds: map[string]string{}, refunded: map[string]int64{}, states: map[string]marquee.PaymentEventType{}, amounts: map[string]int64{}, ids: map[string]int64{}}
}

func (f *fakeProvider) Name() string { return marquee.ProviderTest }

func (f *fakeProvider) Config() marquee.PaymentConfig {
	return marquee.PaymentConfig{Provider: marquee.ProviderTest}
}

func fakeReference(id int64) string { return fmt.Sprintf("pi_fake_%d", id) }

func (f *fakeProvider) CreatePayment(_ context.Context, req marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, req)
	ref := fakeReference(req.PurchaseID)
	ev := &marquee.PaymentEvent{ID: "evt_" + ref, Reference: ref, PurchaseID: req.PurchaseID, AmountCents: req.AmountCents}
	f.amounts[ref], f.ids[ref] = req.AmountCents, req.PurchaseID
	switch req.PaymentMethod {
	case pmSucceed:
		ev.Type = marquee.PaymentSucceeded
	case pmDecline:
		ev.Type, ev.Message = marquee.PaymentFailed, declined
	case pmPending:
		return &marquee.PaymentResult{Reference: ref, ClientSecret: ref + "_secret_x"}, nil
	case pmRefuse:
		return nil, marquee.FieldError("paymentMethodId", "No such payment method")
	case pmDown:
		return nil, errors.New("dial tcp 127.0.0.1:12111: connect: connection refused")
	default:
		return nil, fmt.Errorf("fake provider: unknown payment method %q", req.PaymentMethod)
	}
	f.states[ref] = ev.Type
	return &marquee.PaymentResult{Reference: ref, Event: ev}, nil
}

// set makes the payment ref's state typ (as if the browser confirmed it).
func (f *fakeProvider) set(ref string, typ marquee.PaymentEventType) {
	f.mu.Lock()
	f.states[ref] = typ
	f.mu.Unlock()
}

func (f *fakeProvider) Payment(_ context.Context, ref string) (*marquee.PaymentEvent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	typ, ok := f.states[ref]
	if !ok {
		return nil, nil // still waiting for the browser
	}
	ev := &marquee.PaymentEvent{ID: "evt_state_" + ref, Type: typ, Reference: ref, PurchaseID: f.ids[ref], AmountCents: f.amounts[ref]}
	if typ == marquee.PaymentFailed {
		ev.Message = declined
	}
	return ev, nil
}

// FindPayment answers from the payment's state: a payment it never made is
// ENotFound, one still waiting for the browser EConflict.
func (f *fakeProvider) FindPayment(ctx context.Context, q marquee.PaymentLookup) (*marquee.PaymentEvent, error) {
	ref := q.Reference
	if ref == "" {
		ref = fakeReference(q.PurchaseID)
	}
	f.mu.Lock()
	_, made := f.ids[ref]
	f.mu.Unlock()
	if !made {
		return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
	}
	ev, err := f.Payment(ctx, ref)
	if err == nil && ev == nil {
		return nil, marquee.Errorf(marquee.EConflict, "The payment is not finished yet")
	}
	return ev, err
}

func (f *fakeProvider) Refund(_ context.Context, ref, key string, amountCents int64) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refundCalls++
	if f.refundDown {
		return errors.New("dial tcp 127.0.0.1:12111: connect: connection refused")
	}
	if amountCents == 0 {
		amountCents = f.amounts[ref]
	}
	if prev, ok := f.refunded[key]; ok && prev != amountCents {
		return fmt.Errorf("fake provider: idempotency key %s reused with %d cents (was %d)", key, amountCents, prev)
	}
	f.refunds[ref] = key
	f.refunded[key] = amountCents
	return nil
}

// refundedCents is the money the provider returned over every refund.
func (f *fakeProvider) refundedCents() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	var n int64
	for _, c := range f.refunded {
		n += c
	}
	return n
}

// setRefundDown makes the provider's refunds fail (down) or work again.
func (f *fakeProvider) setRefundDown(down bool) {
	f.mu.Lock()
	f.refundDown = down
	f.mu.Unlock()
}

// ParseWebhook accepts a JSON PaymentEvent signed "good"; an event without
// a type is one Marquee does not settle on.
func (f *fakeProvider) ParseWebhook(payload []byte, signature string) (*marquee.PaymentEvent, error) {
	if signature != "good" {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	}
	var ev marquee.PaymentEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, marquee.Errorf(marquee.EInvalid, "Malformed webhook")
	}
	if ev.Type == "" {
		return nil, nil
	}
	return &ev, nil
}

func (f *fakeProvider) requestCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

// composeTestReceipt is a ComposeReceipt that shows what it was given.
func composeTestReceipt(p *marquee.Purchase) marquee.Mail {
	return marquee.Mail{Kind: "receipt", To: p.UserEmail, Language: p.Language,
		Subject: "Receipt: " + p.PackageName,
		Body:    fmt.Sprintf("%d credits for %d cents, payment %s", p.Credits, p.AmountCents, p.Reference)}
}

// payServices returns the services over db with a fake provider and
// receipts kept in the outbox, on the given clock.
func payServices(t testing.TB, db *store.DB, clock func() time.Time) (*store.Services, *fakeProvider) {
	t.Helper()
	fp := newFakeProvider()
	svc, err := store.NewServices(db, store.Options{Clock: clock, Password: storetest.FastPasswords,
		Payments: store.PaymentOptions{Provider: fp, ComposeReceipt: composeTestReceipt, ReceiptStatus: marquee.MailKept}})
	if err != nil {
		t.Fatal(err)
	}
	return svc, fp
}

// payNow is the payment tests' fixed "now".
var payNow = time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)

// payFixture is a test database with payment services and a buyer.
type payFixture struct {
	*storetest.DB
	pay   *store.Services
	fake  *fakeProvider
	buyer *marquee.User
}

func newPayFixture(t *testing.T, db *storetest.DB) *payFixture {
	t.Helper()
	db.Clock.Set(payNow)
	svc, fp := payServices(t, db.DB, db.Clock.Now)
	return &payFixture{DB: db, pay: svc, fake: fp, buyer: newOrganiser(t, db, "buyer@example.com")}
}

// checkout buys pkg as u with the payment method pm.
func (f *payFixture) checkout(t testing.TB, u *marquee.User, pkg, pm string) *marquee.CheckoutResult {
	t.Helper()
	r, err := f.pay.Payments.Checkout(as(u), marquee.CheckoutRequest{PackageID: pkg, Country: "us", PaymentMethod: pm, Language: "en"})
	if err != nil {
		t.Fatalf("checkout %s with %s: %v", pkg, pm, err)
	}
	return r
}

// count runs a COUNT query.
func count(t testing.TB, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	n, err := db.Int64ForTest(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// credits returns user id's balance.
func credits(t testing.TB, db *store.DB, id int64) int64 {
	t.Helper()
	return count(t, db, `SELECT credits FROM users WHERE id = ?`, id)
}

// assertLedgerBalanced fails unless every user's balance equals the sum
// of their ledger rows (and none is negative).
func assertLedgerBalanced(t testing.TB, db *store.DB) {
	t.Helper()
	off := count(t, db, `SELECT COUNT(*) FROM users u
		WHERE u.credits <> COALESCE((SELECT SUM(l.delta) FROM credit_ledger l WHERE l.user_id = u.id), 0) OR u.credits < 0`)
	if off != 0 {
		t.Fatalf("%d users' balances differ from their ledger sums", off)
	}
}

// spend takes n credits from user id as a ledger adjustment (as if they
// had spent them), keeping the ledger balanced.
func spend(t testing.TB, db *store.DB, id, n int64, ref string) {
	t.Helper()
	e := marquee.LedgerEntry{UserID: id, Delta: -n, Reason: marquee.LedgerAdjustment, Reference: ref, CreatedAt: payNow}
	if err := db.MoveCreditsForTest(context.Background(), e); err != nil {
		t.Fatal(err)
	}
}

// refund refunds purchase id as an admin who confirms its preview.
func (f *payFixture) refund(t testing.TB, admin context.Context, id int64) (*marquee.RefundResult, error) {
	t.Helper()
	plan, err := f.pay.Payments.RefundPreview(admin, id)
	if err != nil {
		return nil, err
	}
	return f.pay.Payments.Refund(admin, id, marquee.RefundConfirmation{TakeCredits: plan.TakeCredits, RefundCents: plan.RefundCents})
}

func success(p *marquee.Purchase) marquee.PaymentEvent {
	return marquee.PaymentEvent{ID: "evt_ok", Type: marquee.PaymentSucceeded, Reference: p.Reference, PurchaseID: p.ID, AmountCents: p.AmountCents}
}
