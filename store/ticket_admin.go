package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// adminOrderColumns are the columns scanAdminOrder reads, over
// ticket_orders o, users u, screenings s and festivals fe.
const adminOrderColumns = `o.id, o.user_id, COALESCE(g.email, u.email), fe.slug, fe.name, s.id, s.title, s.starts_at, o.quantity, o.amount_cents,
	o.currency, o.status, o.failure_message, o.provider, o.created_at, o.paid_at, o.refunded_at`

const adminOrderFrom = ` FROM ticket_orders o JOIN users u ON u.id = o.user_id LEFT JOIN ticket_guest_orders g ON g.order_id = o.id JOIN screenings s ON s.id = o.screening_id
	JOIN festivals fe ON fe.id = s.festival_id`

func scanAdminOrder(row interface{ Scan(...any) error }) (*marquee.AdminTicketOrder, error) {
	var o marquee.AdminTicketOrder
	var status string
	var paid, refunded sql.NullTime
	if err := row.Scan(&o.ID, &o.UserID, &o.UserEmail, &o.FestivalSlug, &o.FestivalName, &o.ScreeningID, &o.ScreeningTitle, &o.StartsAt,
		&o.Quantity, &o.AmountCents, &o.Currency, &status, &o.FailureMessage, &o.Provider, &o.CreatedAt, &paid, &refunded); err != nil {
		return nil, err
	}
	o.Status = marquee.TicketOrderStatus(status)
	o.StartsAt, o.CreatedAt = o.StartsAt.UTC(), o.CreatedAt.UTC()
	if paid.Valid {
		t := paid.Time.UTC()
		o.PaidAt = &t
	}
	if refunded.Valid {
		t := refunded.Time.UTC()
		o.RefundedAt = &t
	}
	o.Refundable = marquee.TicketOrderRefundable(o.Status, o.AmountCents)
	return &o, nil
}

// AdminOrders lists everyone's ticket orders (or one buyer's), newest
// first, counted up to marquee.CountCap; f.Status narrows the list.
// Admins only.
func (s *TicketService) AdminOrders(ctx context.Context, f marquee.TicketOrderFilter) (*marquee.Page[*marquee.AdminTicketOrder], error) {
	scope, err := marquee.AdminRecords(ctx, f.UserID)
	if err != nil {
		return nil, err
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.TicketOrdersPerPage
	}
	where, args := ` WHERE 1 = 1`, []any{}
	if scope.UserID != 0 {
		where += ` AND o.user_id = ?`
		args = append(args, scope.UserID)
	}
	if f.Status != "" {
		where += ` AND o.status = ?`
		args = append(args, string(f.Status))
	}
	total, err := countCapped(ctx, s.reader(), "ticket orders", `FROM ticket_orders o`+where, args...)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+adminOrderColumns+adminOrderFrom+where+` ORDER BY o.id DESC`+limitOffset(f.PerPage),
		append(args, f.Offset())...)
	if err != nil {
		return nil, fmt.Errorf("store: list ticket orders: %w", err)
	}
	defer rows.Close()
	out := []*marquee.AdminTicketOrder{}
	for rows.Next() {
		o, err := scanAdminOrder(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan ticket order: %w", err)
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list ticket orders: %w", err)
	}
	return marquee.NewCappedPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// adminOrder reads ticket order id as admins see it.
func adminOrder(ctx context.Context, c conn, id int64) (*marquee.AdminTicketOrder, error) {
	o, err := scanAdminOrder(c.queryRow(ctx, `SELECT `+adminOrderColumns+adminOrderFrom+` WHERE o.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrOrderNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: ticket order %d: %w", id, err)
	}
	return o, nil
}

// AdminRefundOrder refunds paid order id whole, by the rule a cancelled
// screening's orders follow (marquee.TicketOrderRefundable): the provider
// returns the money first (outside any transaction, under the order's
// refund idempotency key), then the order is marked refunded, its tickets
// refunded, its seats given back and its income taken from the dashboard,
// with the audit entry, in one transaction. A provider that does not
// confirm leaves the order paid (503): refunding again asks again, for
// the same refund. Admins only.
func (s *TicketService) AdminRefundOrder(ctx context.Context, id int64) (*marquee.AdminTicketOrder, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	o, err := adminOrder(ctx, s.reader(), id)
	if err != nil {
		return nil, err
	}
	if !o.Refundable {
		return nil, marquee.ErrTicketOrderNotRefundable()
	}
	var ref string
	var festivalID int64
	if err := s.reader().queryRow(ctx, `SELECT COALESCE(o.reference, ''), s.festival_id FROM ticket_orders o JOIN screenings s ON s.id = o.screening_id
		WHERE o.id = ?`, id).Scan(&ref, &festivalID); err != nil {
		return nil, fmt.Errorf("store: refund ticket order %d: %w", id, err)
	}
	if ref == "" || s.provider == nil {
		return nil, fmt.Errorf("store: refund ticket order %d: no payment to refund", id)
	}
	bg := context.WithoutCancel(ctx)
	if err := s.provider.Refund(bg, ref, marquee.TicketRefundKey(id), 0); err != nil {
		return nil, fmt.Errorf("store: refund ticket order %d: %w (provider: %w)", id, marquee.ErrTicketRefundUnconfirmed(), err)
	}
	e := festivalAudit(festivalID, marquee.AuditTicketOrderRefund, "ticket_order", strconv.FormatInt(id, 10))
	e.Before = auditJSON(map[string]any{"status": o.Status, "amountCents": o.AmountCents, "quantity": o.Quantity})
	e.After = auditJSON(map[string]any{"status": marquee.OrderRefunded})
	if err := s.recordRefund(bg, id, marquee.TicketRefunded, nil, &e); err != nil {
		return nil, err
	}
	return adminOrder(ctx, s.reader(), id)
}
