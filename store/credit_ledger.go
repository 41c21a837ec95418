package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// This file is the only code of the store that changes users.credits or
// writes credit_ledger (credit_ledger_scan_test.go fails on any other):
// every purchase, refund, submission fee and its refund, promotion and its
// refund, admin adjustment and seeded fee moves credits through
// moveCredits, so a balance always equals the sum of its ledger rows.

// lowBalanceError is moveCredits' refusal of a move that would take a
// balance below 0: nothing moved, and Balance is the user's balance as it
// stays. Callers answer it with their own rule's message
// (marquee.InsufficientCredits, marquee.CheckCreditBalance, ...).
type lowBalanceError struct {
	UserID, Balance int64
}

func (e *lowBalanceError) Error() string {
	return fmt.Sprintf("store: user %d has %d credits: the move would take the balance below 0", e.UserID, e.Balance)
}

// ledgerRowsPerInsert bounds the rows of one multi-row INSERT into
// credit_ledger (6 parameters a row, far below either engine's limit).
const ledgerRowsPerInsert = 500

// moveCredits moves credits in c, the caller's transaction: it moves each
// named user's balance by the sum of their entries' deltas, then appends
// the entries to the ledger (reason, reference, note and time as given).
// Users are moved in id order, each by one guarded UPDATE that also locks
// their row until the commit; a user whose entries sum to 0 (the seed's
// fees with the credit that paid them) keeps their row as it is. A move
// that would take a balance below 0 is a *lowBalanceError and an unknown
// user ENotFound, both before any ledger row; an entry whose (reason,
// reference) the ledger already holds fails as a unique violation
// (isUniqueViolation), which is what makes a purchase grant once. Either
// way the caller's transaction must roll back. It returns the new balance
// of every user whose balance moved.
func moveCredits(ctx context.Context, c conn, entries ...marquee.LedgerEntry) (map[int64]int64, error) {
	sums := map[int64]int64{}
	latest := map[int64]time.Time{}
	var users []int64
	for _, e := range entries {
		if e.Delta == 0 {
			return nil, fmt.Errorf("store: move credits: ledger row %s %q of 0 credits", e.Reason, e.Reference)
		}
		if _, ok := sums[e.UserID]; !ok {
			users = append(users, e.UserID)
		}
		sums[e.UserID] += e.Delta
		if e.CreatedAt.After(latest[e.UserID]) {
			latest[e.UserID] = e.CreatedAt
		}
	}
	slices.Sort(users)
	balances := make(map[int64]int64, len(users))
	for _, id := range users {
		d := sums[id]
		if d == 0 {
			continue
		}
		// The guard is the check: PostgreSQL re-reads the row after waiting
		// for a concurrent transaction's lock, SQLite writes one at a time.
		var bal int64
		err := c.queryRow(ctx, `UPDATE users SET credits = credits + ?, updated_at = ? WHERE id = ? AND credits + ? >= 0 RETURNING credits`,
			d, latest[id], id, d).Scan(&bal)
		if errors.Is(err, sql.ErrNoRows) {
			if err := c.queryRow(ctx, `SELECT credits FROM users WHERE id = ?`, id).Scan(&bal); errors.Is(err, sql.ErrNoRows) {
				return nil, marquee.Errorf(marquee.ENotFound, "User not found")
			} else if err != nil {
				return nil, fmt.Errorf("store: move credits: balance of user %d: %w", id, err)
			}
			return nil, &lowBalanceError{UserID: id, Balance: bal}
		} else if err != nil {
			return nil, fmt.Errorf("store: move %d credits of user %d: %w", d, id, err)
		}
		balances[id] = bal
	}
	for start := 0; start < len(entries); start += ledgerRowsPerInsert {
		part := entries[start:min(start+ledgerRowsPerInsert, len(entries))]
		var q strings.Builder
		q.WriteString(`INSERT INTO credit_ledger (user_id, delta, reason, reference, note, created_at) VALUES `)
		args := make([]any, 0, 6*len(part))
		for i, e := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString(`(?, ?, ?, ?, ?, ?)`)
			args = append(args, e.UserID, e.Delta, string(e.Reason), e.Reference, e.Note, e.CreatedAt)
		}
		if _, err := c.exec(ctx, q.String(), args...); err != nil {
			return nil, fmt.Errorf("store: credit ledger: %d rows from %s %q: %w", len(part), part[0].Reason, part[0].Reference, err)
		}
	}
	return balances, nil
}

// lockBalance locks user id's row until c's transaction ends (a write, so
// on both engines) and returns their balance, for a rule that needs the
// balance before deciding a move (a refund's unspent share). It moves
// nothing. An unknown user is ENotFound.
func lockBalance(ctx context.Context, c conn, id int64) (int64, error) {
	var bal int64
	err := c.queryRow(ctx, `UPDATE users SET credits = credits WHERE id = ? RETURNING credits`, id).Scan(&bal)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return 0, fmt.Errorf("store: lock balance of user %d: %w", id, err)
	}
	return bal, nil
}

// ledgerColumns are the columns moveCredits and appendBalancedLedger write.
var ledgerColumns = []string{"user_id", "delta", "reason", "reference", "note", "created_at"}

// appendBalancedLedger appends entries that move no balance (each user's
// deltas sum to 0: the seed's fees with the credit that paid them) to the
// ledger through a bulk load, by COPY on PostgreSQL. Entries that would
// move a balance are refused before any row is written: those go through
// moveCredits.
func appendBalancedLedger(ctx context.Context, b *bulkLoad, entries []marquee.LedgerEntry) error {
	sums := map[int64]int64{}
	for _, e := range entries {
		if e.Delta == 0 {
			return fmt.Errorf("store: ledger: row %s %q of 0 credits", e.Reason, e.Reference)
		}
		sums[e.UserID] += e.Delta
	}
	for id, d := range sums {
		if d != 0 {
			return fmt.Errorf("store: ledger: the rows would move user %d's balance by %d (use moveCredits)", id, d)
		}
	}
	args := make([]any, 0, len(entries)*len(ledgerColumns))
	for _, e := range entries {
		args = append(args, e.UserID, e.Delta, string(e.Reason), e.Reference, e.Note, e.CreatedAt)
	}
	if err := b.insert(ctx, "credit_ledger", ledgerColumns, args); err != nil {
		return fmt.Errorf("store: ledger: %w", err)
	}
	return nil
}
