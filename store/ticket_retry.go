package store

import (
	"context"
	"fmt"
)

// keepHoldForRetry records a declined payment of pending order id while
// its hold lasts: the order stays pending with its seats held, its
// failure message says why, the declined payment's reference is let go
// (the retry is another payment, under the next attempt's idempotency
// key) and the worker stops asking the provider about it. It reports
// whether it kept the hold; after the hold has passed it does nothing,
// and the caller releases the seats as before.
func (s *TicketService) keepHoldForRetry(ctx context.Context, id int64, message, reference string) (bool, error) {
	now := s.now()
	res, err := s.writer().exec(ctx, `UPDATE ticket_orders SET failure_message = ?, reference = NULL, reconcile_at = NULL,
		payment_attempt = payment_attempt + 1, updated_at = ?
		WHERE id = ? AND status = 'pending' AND hold_expires_at > ? AND (reference IS NULL OR ? = '' OR reference = ?)`,
		message, now, id, now, reference, reference)
	if err != nil {
		return false, fmt.Errorf("store: keep the hold of declined ticket order %d: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
