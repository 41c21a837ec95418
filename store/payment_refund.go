package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

func errAlreadyRefunded() error {
	return marquee.Errorf(marquee.EConflict, "This purchase is already refunded")
}

func errNotRefundable() error {
	return marquee.Errorf(marquee.EConflict, "Only a succeeded purchase can be refunded")
}

// Refund refunds succeeded purchase id through the provider (outside any
// transaction, with an idempotency key of its own) and takes its credits
// back as far as the buyer's balance allows (admin only).
func (s *PaymentService) Refund(ctx context.Context, id int64) (*marquee.RefundResult, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := s.configured(); err != nil {
		return nil, err
	}
	p, err := loadPurchase(ctx, s.reader(), id, "", 0)
	if err != nil {
		return nil, err
	}
	switch p.Status {
	case marquee.PurchaseSucceeded:
	case marquee.PurchaseRefunded:
		return nil, errAlreadyRefunded()
	default:
		return nil, errNotRefundable()
	}
	if p.Reference == "" {
		return nil, fmt.Errorf("store: refund purchase %d: succeeded without a provider reference", id)
	}
	if err := s.provider.Refund(ctx, p.Reference, refundKey(id)); err != nil {
		return nil, fmt.Errorf("store: refund purchase %d: %w", id, err)
	}
	// The provider has refunded: record it even if the caller has gone.
	return s.takeBack(context.WithoutCancel(ctx), id)
}

// takeBack records the refund of purchase id, once, in one transaction:
// the status, then the buyer's row locked (the same order as a grant's:
// purchase, then user), as many of the purchase's credits as the balance
// holds taken back with a ledger row. A purchase already refunded is
// answered as it is; one that has not succeeded is EConflict.
func (s *PaymentService) takeBack(ctx context.Context, id int64) (*marquee.RefundResult, error) {
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		var userID, credits, amount int64
		var settled time.Time
		err := c.queryRow(ctx, `UPDATE purchases SET status = 'refunded', refunded_at = ?, updated_at = ?
			WHERE id = ? AND status = 'succeeded' RETURNING user_id, credits, amount_cents, settled_at`, now, now, id).Scan(&userID, &credits, &amount, &settled)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // not succeeded: answered below from the row as it is
		} else if err != nil {
			return fmt.Errorf("store: refund purchase %d: %w", id, err)
		}
		// Lock the buyer's row on both engines before reading the balance.
		var bal int64
		if err := c.queryRow(ctx, `UPDATE users SET credits = credits WHERE id = ? RETURNING credits`, userID).Scan(&bal); err != nil {
			return fmt.Errorf("store: refund purchase %d: lock user %d: %w", id, userID, err)
		}
		// After the buyer's lock: a concurrent settlement or refund of the
		// same buyer has committed, so the subscriber count below is exact.
		if err := rollupRefunded(ctx, c, now, settled, userID, amount); err != nil {
			return fmt.Errorf("store: refund purchase %d: %w", id, err)
		}
		take := min(credits, max(bal, 0))
		if _, err := c.exec(ctx, `UPDATE purchases SET refunded_credits = ? WHERE id = ?`, take, id); err != nil {
			return fmt.Errorf("store: refund purchase %d: %w", id, err)
		}
		// The admin's refund (or the provider's, without an actor) is
		// audited in the transaction that records it.
		if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPurchaseRefund,
			TargetType: "purchase", TargetID: auditTargetID(id),
			Before: auditJSON(map[string]any{"status": marquee.PurchaseSucceeded, "userId": userID, "credits": credits, "amountCents": amount}),
			After:  auditJSON(map[string]any{"status": marquee.PurchaseRefunded, "userId": userID, "refundedCredits": take})}); err != nil {
			return err
		}
		if take == 0 {
			return nil
		}
		e := &marquee.LedgerEntry{UserID: userID, Delta: -take, Reason: marquee.LedgerRefund, Reference: marquee.PurchaseReference(id), CreatedAt: now}
		if err := insertLedger(ctx, c, e); isUniqueViolation(err) {
			return errSettledElsewhere
		} else if err != nil {
			return fmt.Errorf("store: refund purchase %d: ledger: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE users SET credits = credits - ?, updated_at = ? WHERE id = ?`, take, now, userID); err != nil {
			return fmt.Errorf("store: refund purchase %d: debit user %d: %w", id, userID, err)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errSettledElsewhere) {
		return nil, err
	}
	p, err := loadPurchase(ctx, s.reader(), id, "", 0)
	if err != nil {
		return nil, err
	}
	if p.Status != marquee.PurchaseRefunded {
		return nil, errNotRefundable()
	}
	return &marquee.RefundResult{Purchase: p, Uncollected: p.Credits - p.RefundedCredits}, nil
}
