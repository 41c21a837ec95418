package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// TestPayments implements marquee.TestPayments: the test mode's payments
// in the test_payments table, so that every node reads what any node's
// test mode answered.
type TestPayments struct {
	db *DB
}

var _ marquee.TestPayments = (*TestPayments)(nil)

// NewTestPayments returns the test mode's record of payments over db.
func NewTestPayments(db *DB) *TestPayments { return &TestPayments{db: db} }

// Record stores p (its reference is unique).
func (t *TestPayments) Record(ctx context.Context, p marquee.TestPayment) error {
	_, err := t.db.writer().exec(ctx, `INSERT INTO test_payments (reference, purchase_id, ticket_order_id, amount_cents, outcome, message, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, p.Reference, p.PurchaseID, p.TicketOrderID, p.AmountCents, string(p.Type), p.Message, p.CreatedAt.UTC())
	if err != nil {
		return fmt.Errorf("store: record test payment %s: %w", p.Reference, err)
	}
	return nil
}

// Find returns the payments q names, oldest first: by reference when q
// has one, else by its purchase or ticket order; none when q names
// nothing.
func (t *TestPayments) Find(ctx context.Context, q marquee.PaymentLookup) ([]marquee.TestPayment, error) {
	var where string
	var arg any
	switch {
	case q.Reference != "":
		where, arg = `reference = ?`, q.Reference
	case q.TicketOrderID != 0:
		where, arg = `ticket_order_id = ?`, q.TicketOrderID
	case q.PurchaseID != 0:
		where, arg = `purchase_id = ?`, q.PurchaseID
	default:
		return []marquee.TestPayment{}, nil
	}
	rows, err := t.db.reader().query(ctx, `SELECT reference, purchase_id, ticket_order_id, amount_cents, outcome, message, created_at
		FROM test_payments WHERE `+where+` ORDER BY created_at, reference`, arg)
	if err != nil {
		return nil, fmt.Errorf("store: find test payments %+v: %w", q, err)
	}
	defer rows.Close()
	out := []marquee.TestPayment{}
	for rows.Next() {
		var p marquee.TestPayment
		var typ string
		if err := rows.Scan(&p.Reference, &p.PurchaseID, &p.TicketOrderID, &p.AmountCents, &typ, &p.Message, &p.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: find test payments %+v: %w", q, err)
		}
		p.Type, p.CreatedAt = marquee.PaymentEventType(typ), p.CreatedAt.UTC()
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: find test payments %+v: %w", q, err)
	}
	return out, nil
}
