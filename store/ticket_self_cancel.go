package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Self-service cancellation (issue 27): the festival's rule
// (festival_cancellation_policies) and the buyer's cancellation of a paid
// order under it.

var _ marquee.TicketSelfService = (*TicketService)(nil)

// loadCancellationPolicy reads festival id's rule (disabled without a row).
func loadCancellationPolicy(ctx context.Context, c conn, festival int64) (marquee.CancellationPolicy, error) {
	var p marquee.CancellationPolicy
	var rule string
	err := c.queryRow(ctx, `SELECT cutoff_hours, refund_rule, fee_cents, fee_percent FROM festival_cancellation_policies WHERE festival_id = ?`,
		festival).Scan(&p.CutoffHours, &rule, &p.FeeCents, &p.FeePercent)
	if errors.Is(err, sql.ErrNoRows) {
		return marquee.CancellationPolicy{}, nil
	} else if err != nil {
		return p, fmt.Errorf("store: cancellation policy of festival %d: %w", festival, err)
	}
	p.Enabled, p.Refund = true, marquee.CancelRefundRule(rule)
	return p, nil
}

// CancellationPolicy returns a managed festival's rule.
func (s *TicketService) CancellationPolicy(ctx context.Context, slug string) (*marquee.CancellationPolicy, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	p, err := loadCancellationPolicy(ctx, s.reader(), f.ID)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// SetCancellationPolicy sets (or, disabled, removes) a managed festival's
// rule and, when it changed, writes its audit entry (the rule before and
// after) in the same transaction.
func (s *TicketService) SetCancellationPolicy(ctx context.Context, slug string, p marquee.CancellationPolicy) (*marquee.CancellationPolicy, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	p.Normalize()
	if err := p.Validate(); err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		prior, err := loadCancellationPolicy(ctx, c, f.ID)
		if err != nil {
			return err
		}
		if prior == p {
			return nil
		}
		if !p.Enabled {
			_, err = c.exec(ctx, `DELETE FROM festival_cancellation_policies WHERE festival_id = ?`, f.ID)
		} else {
			_, err = c.exec(ctx, `INSERT INTO festival_cancellation_policies (festival_id, cutoff_hours, refund_rule, fee_cents, fee_percent, updated_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (festival_id) DO UPDATE SET cutoff_hours = excluded.cutoff_hours,
				refund_rule = excluded.refund_rule, fee_cents = excluded.fee_cents, fee_percent = excluded.fee_percent, updated_at = excluded.updated_at`,
				f.ID, p.CutoffHours, string(p.Refund), p.FeeCents, p.FeePercent, now)
		}
		if err != nil {
			return fmt.Errorf("store: set cancellation policy of festival %d: %w", f.ID, err)
		}
		e := festivalAudit(f.ID, marquee.AuditCancellationPolicy, "festival", auditTargetID(f.ID))
		e.Before, e.After = auditJSON(policyAudit(prior)), auditJSON(policyAudit(p))
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return s.CancellationPolicy(ctx, slug)
}

// policyAudit is a rule as its audit entry shows it: the fee only with
// the rule that uses it.
func policyAudit(p marquee.CancellationPolicy) map[string]any {
	m := map[string]any{"enabled": p.Enabled}
	if !p.Enabled {
		return m
	}
	m["cutoffHours"], m["refund"] = p.CutoffHours, string(p.Refund)
	switch p.Refund {
	case marquee.CancelRefundFixedFee:
		m["feeCents"] = p.FeeCents
	case marquee.CancelRefundPercentFee:
		m["feePercent"] = p.FeePercent
	}
	return m
}

// withSelfService adds to the buyer's order what it refunded and its
// festival's rule as it applies to it now.
func (s *TicketService) withSelfService(ctx context.Context, o *marquee.TicketOrder) (*marquee.TicketOrder, error) {
	if err := s.reader().queryRow(ctx, `SELECT refunded_cents FROM ticket_orders WHERE id = ?`, o.ID).Scan(&o.RefundedCents); err != nil {
		return nil, fmt.Errorf("store: refund of ticket order %d: %w", o.ID, err)
	}
	p, err := loadCancellationPolicy(ctx, s.reader(), o.Screening.FestivalID)
	if err != nil {
		return nil, err
	}
	o.SelfCancel = marquee.QuoteSelfCancel(p, o, s.now())
	return o, nil
}

// SelfCancelOrder cancels the signed-in buyer's paid order under its
// festival's rule. One conditional UPDATE claims the order (paid, not
// claimed, or its claim's lease passed): of any number of concurrent
// requests one wins, the others are told it is being cancelled (or, once
// it is, answered with the cancelled order). The winner asks the provider
// for the refund outside any transaction, with the order's refund
// idempotency key (a retry after a lost answer is the same refund), then
// recordPartRefund marks it refunded (or cancelled when nothing is
// returned) once, in one transaction: tickets cancelled, seats and the
// voucher's use given back, the ledger's refund rows, the e-mail; the
// waiting list is offered the seats after it. A provider that does not
// confirm gives the claim back: the order stays paid.
func (s *TicketService) SelfCancelOrder(ctx context.Context, id int64) (*marquee.TicketOrder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	o, err := loadOrder(ctx, s.reader(), id, u.ID, s.now())
	if err != nil {
		return nil, err
	}
	if err := s.selfCancel(ctx, o); err != nil {
		return nil, err
	}
	return s.Order(ctx, id)
}

// SelfCancelGuestOrder cancels the paid guest order of a link's token
// under its festival's rule, by the same exactly-once path as
// SelfCancelOrder (a wrong or expired link is ErrGuestLinkGone).
func (s *TicketService) SelfCancelGuestOrder(ctx context.Context, token string) (*marquee.TicketOrder, error) {
	o, err := s.guestOrder(ctx, token)
	if err != nil {
		return nil, err
	}
	if err := s.selfCancel(ctx, o); err != nil {
		return nil, err
	}
	return s.GuestOrder(ctx, token)
}

// selfCancel cancels loaded order o (its buyer's, or the guest link's) under
// its festival's rule; see SelfCancelOrder. The claim is conditional on
// o's owner, so an order moved meanwhile is not cancelled for another.
func (s *TicketService) selfCancel(ctx context.Context, o *marquee.TicketOrder) error {
	id := o.ID
	p, err := loadCancellationPolicy(ctx, s.reader(), o.Screening.FestivalID)
	if err != nil {
		return err
	}
	if err := marquee.SelfCancelRefusal(p, o, s.now()); err != nil {
		return err
	}
	back := p.RefundFor(o.AmountCents)
	now := s.now()
	var ref string
	err = s.writer().queryRow(ctx, `UPDATE ticket_orders SET self_cancel_at = ?, refunded_cents = CASE WHEN self_cancel_at IS NULL THEN ? ELSE refunded_cents END,
		updated_at = ? WHERE id = ? AND user_id = ? AND status = 'paid' AND (self_cancel_at IS NULL OR self_cancel_at <= ?)
		RETURNING refunded_cents, COALESCE(reference, '')`, now, back, now, id, o.UserID, now.Add(-marquee.SelfCancelLease)).Scan(&back, &ref)
	if errors.Is(err, sql.ErrNoRows) {
		return s.selfCancelLost(ctx, id)
	} else if err != nil {
		return fmt.Errorf("store: claim the cancellation of ticket order %d: %w", id, err)
	}
	bg := context.WithoutCancel(ctx)
	if back > 0 {
		var perr error
		if ref == "" || s.provider == nil {
			perr = fmt.Errorf("no payment to refund")
		} else {
			perr = s.provider.Refund(bg, ref, marquee.TicketRefundKey(id), back)
		}
		if perr != nil {
			if _, err := s.writer().exec(bg, `UPDATE ticket_orders SET self_cancel_at = NULL, refunded_cents = 0 WHERE id = ? AND status = 'paid'`, id); err != nil {
				return fmt.Errorf("store: give back the claim of ticket order %d: %w (provider: %w)", id, err, perr)
			}
			return fmt.Errorf("store: refund ticket order %d: %w (provider: %w)", id, marquee.ErrSelfCancelRefundUnconfirmed(), perr)
		}
	}
	if err := s.recordPartRefund(bg, id, back, marquee.TicketCancelled, s.opts.ComposeSelfCancel, nil); err != nil {
		return err
	}
	s.noteOrder(orderCancelled, 1)
	return nil
}

// selfCancelLost answers a request that did not win the claim: nil when
// the order was cancelled meanwhile (by the request that won), or why not.
func (s *TicketService) selfCancelLost(ctx context.Context, id int64) error {
	var status string
	var claimed sql.NullTime
	if err := s.writer().queryRow(ctx, `SELECT status, self_cancel_at FROM ticket_orders WHERE id = ?`, id).Scan(&status, &claimed); err != nil {
		return fmt.Errorf("store: cancellation of ticket order %d: %w", id, err)
	}
	if marquee.TicketOrderStatus(status) == marquee.OrderPaid {
		return marquee.ErrSelfCancelInProgress()
	}
	if !claimed.Valid {
		return marquee.Errorf(marquee.EConflict, "This order is already cancelled")
	}
	return nil
}
