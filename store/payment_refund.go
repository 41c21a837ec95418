package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// RefundPreview returns what refunding purchase id would do now
// (marquee.PlanRefund over the buyer's balance), without changing
// anything (admin only). A plan with nothing to refund is answered as it
// is (Refundable false); a purchase already refunded, or that did not
// succeed, is EConflict.
func (s *PaymentService) RefundPreview(ctx context.Context, id int64) (*marquee.RefundPlan, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	p, err := loadPurchase(ctx, s.reader(), id, "", 0)
	if err != nil {
		return nil, err
	}
	bal, err := balance(ctx, s.reader(), p.UserID)
	if err != nil {
		return nil, err
	}
	return marquee.PlanRefund(p, bal)
}

// Refund refunds purchase id's unspent share as its preview said (admin
// only). The refund is recorded first, in one transaction with the
// purchase's row and then the buyer's locked: the plan decided over the
// locked balance and checked against c, the status, the credits taken
// back with their ledger row, the dashboard and the audit entry. Only
// then is the provider asked for the money (outside any transaction, with
// the purchase's idempotency key and the recorded amount), and its answer
// confirms the refund. Credits are thus never spent between the plan and
// the refund, and concurrent refunds of one purchase record it once and
// ask the provider for the same refund. A provider that does not answer
// leaves the refund recorded and unconfirmed (EUnavailable); refunding it
// again asks again for the same amount and moves nothing.
func (s *PaymentService) Refund(ctx context.Context, id int64, c marquee.RefundConfirmation) (*marquee.RefundResult, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := s.configured(); err != nil {
		return nil, err
	}
	p, plan, err := s.claimRefund(ctx, id, c)
	if err != nil {
		return nil, err
	}
	// The refund is recorded: see it through even if the caller has gone.
	bg := context.WithoutCancel(ctx)
	if err := s.provider.Refund(bg, p.Reference, refundKey(id), plan.RefundCents); err != nil {
		return nil, fmt.Errorf("store: refund purchase %d: %w (provider: %w)", id, marquee.ErrRefundUnconfirmed(), err)
	}
	if err := confirmRefund(bg, s.writer(), s.now(), id); err != nil {
		return nil, err
	}
	return s.refundResult(bg, id)
}

// claimRefund records the refund of purchase id that c confirms, in one
// transaction, and returns the purchase as it was and the plan. A refund
// recorded earlier and not confirmed by the provider is returned as its
// plan (Retry), recording nothing more.
func (s *PaymentService) claimRefund(ctx context.Context, id int64, c marquee.RefundConfirmation) (*marquee.Purchase, *marquee.RefundPlan, error) {
	var p *marquee.Purchase
	var plan *marquee.RefundPlan
	err := s.inTx(ctx, func(tx conn) error {
		now := s.now()
		userID, err := lockPurchase(ctx, tx, id)
		if err != nil {
			return err
		}
		bal, err := lockBalance(ctx, tx, userID)
		if err != nil {
			return fmt.Errorf("store: refund purchase %d: %w", id, err)
		}
		if p, err = loadPurchase(ctx, tx, id, "", 0); err != nil {
			return err
		}
		if plan, err = marquee.PlanRefund(p, bal); err != nil {
			return err
		}
		if err := plan.Confirm(c); err != nil {
			return err
		}
		if p.Reference == "" {
			return fmt.Errorf("store: refund purchase %d: succeeded without a provider reference", id)
		}
		if plan.Retry {
			return nil
		}
		return recordRefund(ctx, tx, now, p, plan, false)
	})
	if errors.Is(err, errSettledElsewhere) {
		return nil, nil, marquee.ErrAlreadyRefunded()
	} else if err != nil {
		return nil, nil, err
	}
	return p, plan, nil
}

// takeBack records a refund the provider reports (charge.refunded: the
// whole payment was returned) once: a succeeded purchase is refunded by
// marquee.ProviderRefund (as many credits taken back as the balance
// holds), a refund Marquee recorded is confirmed, a purchase already
// refunded is answered as it is; one that has not succeeded is EConflict.
func (s *PaymentService) takeBack(ctx context.Context, id int64) (*marquee.RefundResult, error) {
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		userID, err := lockPurchase(ctx, c, id)
		if err != nil {
			return err
		}
		p, err := loadPurchase(ctx, c, id, "", 0)
		if err != nil {
			return err
		}
		switch {
		case p.Status == marquee.PurchaseSucceeded:
			bal, err := lockBalance(ctx, c, userID)
			if err != nil {
				return fmt.Errorf("store: refund purchase %d: %w", id, err)
			}
			return recordRefund(ctx, c, now, p, marquee.ProviderRefund(p, bal), true)
		case p.RefundUnconfirmed():
			return confirmRefund(ctx, c, now, id)
		}
		return nil // refunded already, or not succeeded: answered below
	})
	if err != nil && !errors.Is(err, errSettledElsewhere) {
		return nil, err
	}
	return s.refundResult(ctx, id)
}

// lockPurchase locks purchase id's row until c's transaction ends (before
// its buyer's: a grant's order) and returns its buyer.
func lockPurchase(ctx context.Context, c conn, id int64) (int64, error) {
	var userID int64
	err := c.queryRow(ctx, `UPDATE purchases SET updated_at = updated_at WHERE id = ? RETURNING user_id`, id).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errPurchaseNotFound()
	} else if err != nil {
		return 0, fmt.Errorf("store: lock purchase %d: %w", id, err)
	}
	return userID, nil
}

// recordRefund records plan as the refund of succeeded purchase p, in c
// with p's and its buyer's rows locked: the status and figures (refunded_at
// now when the provider has confirmed it, else NULL until it does), the
// dashboard, the audit entry, and the credits taken back with their
// ledger row.
func recordRefund(ctx context.Context, c conn, now time.Time, p *marquee.Purchase, plan *marquee.RefundPlan, confirmed bool) error {
	var refundedAt any
	if confirmed {
		refundedAt = now
	}
	r, err := c.exec(ctx, `UPDATE purchases SET status = 'refunded', refunded_credits = ?, refunded_cents = ?, refunded_at = ?, updated_at = ?
		WHERE id = ? AND status = 'succeeded'`, plan.TakeCredits, plan.RefundCents, refundedAt, now, p.ID)
	if err != nil {
		return fmt.Errorf("store: refund purchase %d: %w", p.ID, err)
	}
	if n, err := r.RowsAffected(); err != nil {
		return fmt.Errorf("store: refund purchase %d: %w", p.ID, err)
	} else if n != 1 {
		return errSettledElsewhere
	}
	settled := now
	if p.SettledAt != nil {
		settled = *p.SettledAt
	}
	// After the buyer's lock: a concurrent settlement or refund of the
	// same buyer has committed, so the subscriber count is exact.
	if err := rollupRefunded(ctx, c, now, settled, p.UserID, plan.RefundCents); err != nil {
		return fmt.Errorf("store: refund purchase %d: %w", p.ID, err)
	}
	// The admin's refund (or the provider's, without an actor) is audited
	// in the transaction that records it.
	if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPurchaseRefund,
		TargetType: "purchase", TargetID: auditTargetID(p.ID),
		Before: auditJSON(map[string]any{"status": marquee.PurchaseSucceeded, "userId": p.UserID, "credits": p.Credits, "amountCents": p.AmountCents, "balance": plan.Balance}),
		After: auditJSON(map[string]any{"status": marquee.PurchaseRefunded, "userId": p.UserID, "refundedCredits": plan.TakeCredits,
			"refundedCents": plan.RefundCents})}); err != nil {
		return err
	}
	if plan.TakeCredits == 0 {
		return nil
	}
	e := marquee.LedgerEntry{UserID: p.UserID, Delta: -plan.TakeCredits, Reason: marquee.LedgerRefund, Reference: marquee.PurchaseReference(p.ID), CreatedAt: now}
	if _, err := moveCredits(ctx, c, e); isUniqueViolation(err) {
		return errSettledElsewhere
	} else if err != nil {
		return fmt.Errorf("store: refund purchase %d: %w", p.ID, err)
	}
	return nil
}

// confirmRefund records that the provider confirmed purchase id's
// recorded refund (once: a confirmed refund is left as it is).
func confirmRefund(ctx context.Context, c conn, now time.Time, id int64) error {
	if _, err := c.exec(ctx, `UPDATE purchases SET refunded_at = ?, updated_at = ? WHERE id = ? AND status = 'refunded' AND refunded_at IS NULL`,
		now, now, id); err != nil {
		return fmt.Errorf("store: confirm refund of purchase %d: %w", id, err)
	}
	return nil
}

// refundResult answers a refund of purchase id as it is stored; one that
// is not refunded is EConflict.
func (s *PaymentService) refundResult(ctx context.Context, id int64) (*marquee.RefundResult, error) {
	p, err := loadPurchase(ctx, s.writer(), id, "", 0)
	if err != nil {
		return nil, err
	}
	if p.Status != marquee.PurchaseRefunded {
		return nil, marquee.ErrNotRefundable()
	}
	return &marquee.RefundResult{Purchase: p, Uncollected: p.Credits - p.RefundedCredits}, nil
}
