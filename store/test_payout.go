package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// TestPayouts implements marquee.TestPayouts: the payout test mode's
// accounts and transfers in test_payout_accounts and test_transfers, so
// that every node reads what any node's test mode did.
type TestPayouts struct {
	db *DB
}

var _ marquee.TestPayouts = (*TestPayouts)(nil)

// NewTestPayouts returns the payout test mode's records over db.
func NewTestPayouts(db *DB) *TestPayouts { return &TestPayouts{db: db} }

// CreateAccount stores a new account.
func (t *TestPayouts) CreateAccount(ctx context.Context, a marquee.TestPayoutAccount) error {
	_, err := t.db.writer().exec(ctx, `INSERT INTO test_payout_accounts (reference, festival_id, status, fail_transfers, created_at)
		VALUES (?, ?, ?, ?, ?)`, a.Reference, a.FestivalID, string(a.Status), boolInt(a.FailTransfers), a.CreatedAt.UTC())
	if err != nil {
		return fmt.Errorf("store: record test payout account %s: %w", a.Reference, err)
	}
	return nil
}

// Account returns the account reference (ENotFound: none).
func (t *TestPayouts) Account(ctx context.Context, reference string) (*marquee.TestPayoutAccount, error) {
	var a marquee.TestPayoutAccount
	var status string
	var fail int
	err := t.db.writer().queryRow(ctx, `SELECT reference, festival_id, status, fail_transfers, created_at FROM test_payout_accounts WHERE reference = ?`,
		reference).Scan(&a.Reference, &a.FestivalID, &status, &fail, &a.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "The payout account was not found")
	}
	if err != nil {
		return nil, fmt.Errorf("store: test payout account %s: %w", reference, err)
	}
	a.Status, a.FailTransfers, a.CreatedAt = marquee.PayoutAccountStatus(status), fail != 0, a.CreatedAt.UTC()
	return &a, nil
}

// CompleteOnboarding makes the account active, failing its transfers when
// failTransfers is set.
func (t *TestPayouts) CompleteOnboarding(ctx context.Context, reference string, failTransfers bool) error {
	res, err := t.db.writer().exec(ctx, `UPDATE test_payout_accounts SET status = ?, fail_transfers = ? WHERE reference = ?`,
		string(marquee.PayoutAccountActive), boolInt(failTransfers), reference)
	if err != nil {
		return fmt.Errorf("store: complete test onboarding of %s: %w", reference, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return marquee.Errorf(marquee.ENotFound, "The payout account was not found")
	}
	return nil
}

// RecordTransfer stores tr unless its idempotency key is taken, and
// returns the transfer stored under the key.
func (t *TestPayouts) RecordTransfer(ctx context.Context, tr marquee.TestTransfer) (*marquee.TestTransfer, error) {
	if _, err := t.db.writer().exec(ctx, `INSERT INTO test_transfers (idempotency_key, reference, payout_id, account, amount_cents, status, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`, tr.IdempotencyKey, tr.Reference, tr.PayoutID, tr.Account, tr.AmountCents,
		string(tr.Status), tr.Message, tr.CreatedAt.UTC()); err != nil {
		return nil, fmt.Errorf("store: record test transfer of payout %d: %w", tr.PayoutID, err)
	}
	return t.scanTransfer(ctx, `idempotency_key = ?`, tr.IdempotencyKey)
}

// FindTransfer returns payout id's first transfer (ENotFound: none).
func (t *TestPayouts) FindTransfer(ctx context.Context, payoutID int64) (*marquee.TestTransfer, error) {
	return t.scanTransfer(ctx, `payout_id = ?`, payoutID)
}

func (t *TestPayouts) scanTransfer(ctx context.Context, where string, arg any) (*marquee.TestTransfer, error) {
	var tr marquee.TestTransfer
	var status string
	err := t.db.writer().queryRow(ctx, `SELECT idempotency_key, reference, payout_id, account, amount_cents, status, message, created_at
		FROM test_transfers WHERE `+where+` ORDER BY created_at LIMIT 1`, arg).
		Scan(&tr.IdempotencyKey, &tr.Reference, &tr.PayoutID, &tr.Account, &tr.AmountCents, &status, &tr.Message, &tr.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "The transfer was not found")
	}
	if err != nil {
		return nil, fmt.Errorf("store: test transfer (%s %v): %w", where, arg, err)
	}
	tr.Status, tr.CreatedAt = marquee.PayoutStatus(status), tr.CreatedAt.UTC()
	return &tr, nil
}

// boolInt is b as the 0 or 1 both databases keep flags as.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
