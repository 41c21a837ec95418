package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// reconcileBatch is how many unsettled payments one claim takes.
const reconcileBatch = 50

// Reconcile settles the payments left unsettled for
// marquee.PaymentReconcileAfter: purchases still pending and ticket orders
// whose payment began and that are not settled. A node claims a batch
// with one conditional UPDATE (reconcile_at moved on by the lease; FOR
// UPDATE SKIP LOCKED on PostgreSQL, so concurrent nodes take other rows),
// asks the provider about each outside any transaction and settles the
// answer through settle, the one path of every settlement (whose status
// guards and unique ledger and ticket rows would stop a second grant
// anyway). A payment the provider could not answer for stays claimed until
// the lease ends, then is asked about again.
func (s *PaymentService) Reconcile(ctx context.Context) (int, error) {
	if err := s.configured(); err != nil {
		return 0, err
	}
	total := 0
	var errs []error
	for range maxExpireRounds {
		purchases, err := s.claimPurchases(ctx)
		if err != nil {
			return total, errors.Join(append(errs, err)...)
		}
		var orders []marquee.PaymentLookup
		if s.tickets != nil {
			if orders, err = s.tickets.claimUnsettledOrders(ctx); err != nil {
				return total, errors.Join(append(errs, err)...)
			}
		}
		for _, q := range append(purchases, orders...) {
			if err := s.reconcile(ctx, q); err != nil {
				errs = append(errs, err)
				continue
			}
			total++
		}
		if len(purchases) < reconcileBatch && len(orders) < reconcileBatch {
			break
		}
	}
	return total, errors.Join(errs...)
}

// reconcile asks the provider about the payment q names and settles its
// answer; a ticket order is then marked reconciled.
func (s *PaymentService) reconcile(ctx context.Context, q marquee.PaymentLookup) error {
	ev, err := s.provider.FindPayment(ctx, q)
	e, err := marquee.ReconcileEvent(q, ev, err)
	if err != nil {
		return fmt.Errorf("store: reconcile the payment of purchase %d, ticket order %d: %w", q.PurchaseID, q.TicketOrderID, err)
	}
	// A settlement that has begun finishes even when the caller has gone.
	bg := context.WithoutCancel(ctx)
	if _, err := s.settle(bg, e); err != nil {
		return fmt.Errorf("store: reconcile the payment of purchase %d, ticket order %d: %w", q.PurchaseID, q.TicketOrderID, err)
	}
	if q.TicketOrderID != 0 {
		return s.tickets.markReconciled(bg, q.TicketOrderID)
	}
	return nil
}

// claimPurchases leases up to reconcileBatch pending purchases whose
// reconcile_at has come to this caller, moving it on by the lease.
func (s *PaymentService) claimPurchases(ctx context.Context) ([]marquee.PaymentLookup, error) {
	now := s.now()
	pick := `SELECT id FROM purchases WHERE status = 'pending' AND reconcile_at <= ? ORDER BY reconcile_at, id LIMIT ` + strconv.Itoa(reconcileBatch)
	if s.dialect == Postgres {
		pick += ` FOR UPDATE SKIP LOCKED`
	}
	rows, err := s.writer().query(ctx, `UPDATE purchases SET reconcile_at = ? WHERE id IN (`+pick+`) RETURNING id, COALESCE(reference, '')`,
		now.Add(marquee.PaymentReconcileLease), now)
	if err != nil {
		return nil, fmt.Errorf("store: claim unsettled purchases: %w", err)
	}
	defer rows.Close()
	var out []marquee.PaymentLookup
	for rows.Next() {
		var q marquee.PaymentLookup
		if err := rows.Scan(&q.PurchaseID, &q.Reference); err != nil {
			return nil, fmt.Errorf("store: claim unsettled purchases: %w", err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: claim unsettled purchases: %w", err)
	}
	return out, nil
}
