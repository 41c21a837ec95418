// The analytics' ticket sales and check-ins per screening, read from the
// tickets tables (screenings, tickets, ticket_orders).

package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// ticketStatsByScreening reads, for each screening of the festival in
// start order, its capacity, the tickets sold (valid or used: not
// refunded or cancelled), those checked in, and the income of its paid
// orders (in the screening's currency, Currency: never summed across
// screenings of different currencies).
func ticketStatsByScreening(ctx context.Context, c conn, festivalID int64) ([]marquee.ScreeningStats, error) {
	rows, err := c.query(ctx, `SELECT s.id, s.title, s.starts_at, s.capacity, s.currency,
			(SELECT COUNT(*) FROM tickets t WHERE t.screening_id = s.id AND t.status NOT IN ('refunded', 'cancelled')),
			(SELECT COUNT(*) FROM tickets t WHERE t.screening_id = s.id AND t.checked_in_at IS NOT NULL),
			(SELECT COALESCE(SUM(o.amount_cents), 0) FROM ticket_orders o WHERE o.screening_id = s.id AND o.status = 'paid')
		FROM screenings s WHERE s.festival_id = ? ORDER BY s.starts_at, s.id LIMIT 500`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: ticket stats of festival %d: %w", festivalID, err)
	}
	out := []marquee.ScreeningStats{}
	err = scanEach(rows, func() error {
		var x marquee.ScreeningStats
		if err := rows.Scan(&x.ScreeningID, &x.Title, &x.StartsAt, &x.Capacity, &x.Currency, &x.Sold, &x.CheckedIn, &x.IncomeCents); err != nil {
			return err
		}
		out = append(out, x)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: ticket stats of festival %d: %w", festivalID, err)
	}
	return out, nil
}
