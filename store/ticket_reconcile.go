package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// claimUnsettledOrders leases up to reconcileBatch ticket orders whose
// payment began and that are not settled (pending, or their hold released
// meanwhile: expired or cancelled; a payment charged all the same settles
// as a late one) once their reconcile_at has come, moving it on by the
// lease. The worker's hold expiry still releases their seats on time.
func (s *TicketService) claimUnsettledOrders(ctx context.Context) ([]marquee.PaymentLookup, error) {
	now := s.now()
	pick := `SELECT id FROM ticket_orders WHERE reconcile_at IS NOT NULL AND status IN ('pending', 'expired', 'cancelled')
		AND reconcile_at <= ? ORDER BY reconcile_at, id LIMIT ` + strconv.Itoa(reconcileBatch)
	if s.dialect == Postgres {
		pick += ` FOR UPDATE SKIP LOCKED`
	}
	rows, err := s.writer().query(ctx, `UPDATE ticket_orders SET reconcile_at = ? WHERE id IN (`+pick+`) RETURNING id, COALESCE(reference, '')`,
		now.Add(marquee.PaymentReconcileLease), now)
	if err != nil {
		return nil, fmt.Errorf("store: claim unsettled ticket orders: %w", err)
	}
	defer rows.Close()
	var out []marquee.PaymentLookup
	for rows.Next() {
		var q marquee.PaymentLookup
		if err := rows.Scan(&q.TicketOrderID, &q.Reference); err != nil {
			return nil, fmt.Errorf("store: claim unsettled ticket orders: %w", err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: claim unsettled ticket orders: %w", err)
	}
	return out, nil
}

// markReconciled records that ticket order id's payment was reconciled:
// the worker asks about it no more.
func (s *TicketService) markReconciled(ctx context.Context, id int64) error {
	if _, err := s.writer().exec(ctx, `UPDATE ticket_orders SET reconcile_at = NULL WHERE id = ?`, id); err != nil {
		return fmt.Errorf("store: mark ticket order %d reconciled: %w", id, err)
	}
	return nil
}
