package payment

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// testAccountPrefix starts every test mode payout account's reference,
// testTransferPrefix every transfer's.
const (
	testAccountPrefix  = "test_acct_"
	testTransferPrefix = "test_tr_"
)

// TestPayoutOnboardingPath is the front end's page of the test mode's
// simulated onboarding; the account and the address to return to follow
// as query parameters.
const TestPayoutOnboardingPath = "/payouts/test-onboarding"

// TestPayouts is the embedded payout provider used when Stripe is not
// configured. It pays nothing: onboarding is a page of Marquee's (the
// organiser confirms it, optionally marking the account as one whose
// transfers fail), and a transfer succeeds unless its account is so
// marked. Like Stripe it keeps its accounts and transfers (in the
// database, marquee.TestPayouts), so every node answers the same and a
// transfer's idempotency key pays once.
type TestPayouts struct {
	now   func() time.Time
	store marquee.TestPayouts
}

var (
	_ marquee.PayoutProvider       = (*TestPayouts)(nil)
	_ marquee.TestPayoutOnboarding = (*TestPayouts)(nil)
)

// NewTestPayouts returns the test mode payout provider; now is its clock
// (time.Now when nil), store keeps what it did (required).
func NewTestPayouts(now func() time.Time, store marquee.TestPayouts) *TestPayouts {
	if now == nil {
		now = time.Now
	}
	if store == nil {
		panic("payment: the payout test mode needs a record of its accounts")
	}
	return &TestPayouts{now: now, store: store}
}

// Name is marquee.ProviderTest.
func (*TestPayouts) Name() string { return marquee.ProviderTest }

// CreateAccount records a new account, onboarding.
func (t *TestPayouts) CreateAccount(ctx context.Context, req marquee.PayoutAccountRequest) (*marquee.PayoutAccountState, error) {
	a := marquee.TestPayoutAccount{Reference: testAccountPrefix + randomHex(), FestivalID: req.FestivalID,
		Status: marquee.PayoutAccountOnboarding, CreatedAt: t.now().UTC()}
	if err := t.store.CreateAccount(ctx, a); err != nil {
		return nil, fmt.Errorf("test payouts: create the account of festival %d: %w", req.FestivalID, err)
	}
	return &marquee.PayoutAccountState{Reference: a.Reference, Status: a.Status}, nil
}

// OnboardingLink is the test mode's onboarding page, on returnURL's site,
// naming the account and returnURL.
func (t *TestPayouts) OnboardingLink(ctx context.Context, account, returnURL, refreshURL string) (string, error) {
	if _, err := t.Account(ctx, account); err != nil {
		return "", err
	}
	base := ""
	if u, err := url.Parse(returnURL); err == nil && u.Scheme != "" && u.Host != "" {
		base = u.Scheme + "://" + u.Host
	}
	q := url.Values{"account": {account}, "return": {returnURL}}
	return base + TestPayoutOnboardingPath + "?" + q.Encode(), nil
}

// Account reports the recorded account.
func (t *TestPayouts) Account(ctx context.Context, account string) (*marquee.PayoutAccountState, error) {
	if !strings.HasPrefix(account, testAccountPrefix) {
		return nil, marquee.Errorf(marquee.ENotFound, "The payout account was not found")
	}
	a, err := t.store.Account(ctx, account)
	if err != nil {
		return nil, err
	}
	return &marquee.PayoutAccountState{Reference: a.Reference, Status: a.Status}, nil
}

// CompleteOnboarding finishes the account's onboarding: it becomes active,
// and its transfers fail when failTransfers is set.
func (t *TestPayouts) CompleteOnboarding(ctx context.Context, account string, failTransfers bool) error {
	if _, err := t.Account(ctx, account); err != nil {
		return err
	}
	return t.store.CompleteOnboarding(ctx, account, failTransfers)
}

// CreateTransfer records the transfer once per idempotency key: paid to
// an active account, failed (PayoutMessageDeclined) to one that is not
// active or is marked to fail. Asked again with the same key, it answers
// what it answered the first time.
func (t *TestPayouts) CreateTransfer(ctx context.Context, req marquee.TransferRequest) (*marquee.TransferResult, error) {
	if req.AmountCents <= 0 {
		return nil, marquee.Errorf(marquee.EInvalid, "A transfer's amount must be positive")
	}
	a, err := t.store.Account(ctx, req.Account)
	if err != nil {
		return nil, fmt.Errorf("test payouts: transfer of payout %d: %w", req.PayoutID, err)
	}
	tr := marquee.TestTransfer{Reference: testTransferPrefix + randomHex(), PayoutID: req.PayoutID, Account: req.Account,
		AmountCents: req.AmountCents, Status: marquee.PayoutPaid, IdempotencyKey: req.IdempotencyKey, CreatedAt: t.now().UTC()}
	if a.Status != marquee.PayoutAccountActive || a.FailTransfers {
		tr.Reference, tr.Status, tr.Message = "", marquee.PayoutFailed, marquee.PayoutMessageDeclined
	}
	got, err := t.store.RecordTransfer(ctx, tr)
	if err != nil {
		return nil, fmt.Errorf("test payouts: record the transfer of payout %d: %w", req.PayoutID, err)
	}
	return &marquee.TransferResult{Reference: got.Reference, PayoutID: got.PayoutID, Status: got.Status, Message: got.Message}, nil
}

// FindTransfer reports the recorded transfer of the payout.
func (t *TestPayouts) FindTransfer(ctx context.Context, payoutID int64) (*marquee.TransferResult, error) {
	got, err := t.store.FindTransfer(ctx, payoutID)
	if err != nil {
		return nil, err
	}
	return &marquee.TransferResult{Reference: got.Reference, PayoutID: got.PayoutID, Status: got.Status, Message: got.Message}, nil
}

// ParseWebhook finds no payout event in any webhook (the test mode
// sends none): the webhook is left to the payment provider, whose test
// mode refuses it.
func (*TestPayouts) ParseWebhook(payload []byte, signature string) (*marquee.PayoutEvent, error) {
	return nil, nil
}
