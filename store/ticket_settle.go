package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// msgSoldOutRefunded is the failure message of a payment that arrived
// after its hold had passed and every seat was gone: it is refunded.
var msgSoldOutRefunded = marquee.ErrLatePaymentRefunded().Message

// msgVoucherGoneRefunded is the failure message of a payment that arrived
// after its hold had passed and its voucher's uses were all taken: it is
// refunded.
var msgVoucherGoneRefunded = marquee.ErrLateVoucherRefunded().Message

// msgCancelledRefunded is the failure message of a payment that arrived
// after its screening was cancelled: it is refunded.
var msgCancelledRefunded = marquee.ErrCancelledPaymentRefunded().Message

// isTicketEvent reports whether ev is about a ticket order: it names one,
// or names no purchase and its reference is a ticket order's.
func (s *TicketService) isTicketEvent(ctx context.Context, ev marquee.PaymentEvent) (bool, error) {
	if ev.TicketOrderID != 0 {
		return true, nil
	}
	if ev.PurchaseID != 0 || ev.Reference == "" {
		return false, nil
	}
	var one int
	err := s.reader().queryRow(ctx, `SELECT 1 FROM ticket_orders WHERE reference = ?`, ev.Reference).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, fmt.Errorf("store: settle: find ticket order of payment %q: %w", ev.Reference, err)
	}
	return true, nil
}

// settle applies a provider's event to its ticket order: the one path of
// every settlement (the direct answer at payment, ConfirmOrder, webhooks).
// A success sells the held seats and issues the tickets once; after the
// hold was released it takes the seats again if any remain, else refunds
// the payment. A failure releases the hold once. A refund invalidates the
// tickets and gives the seats back once.
func (s *TicketService) settle(ctx context.Context, ev marquee.PaymentEvent) error {
	var row *sql.Row
	switch {
	case ev.TicketOrderID != 0:
		row = s.reader().queryRow(ctx, `SELECT id, amount_cents, COALESCE(reference, ''), status FROM ticket_orders WHERE id = ?`, ev.TicketOrderID)
	case ev.Reference != "":
		row = s.reader().queryRow(ctx, `SELECT id, amount_cents, COALESCE(reference, ''), status FROM ticket_orders WHERE reference = ?`, ev.Reference)
	default:
		return errUnknownPayment()
	}
	var id, amount int64
	var ref, status string
	if err := row.Scan(&id, &amount, &ref, &status); errors.Is(err, sql.ErrNoRows) {
		return errUnknownPayment()
	} else if err != nil {
		return fmt.Errorf("store: settle: find ticket order of event %q: %w", ev.ID, err)
	}
	if ref != "" && ev.Reference != "" && ref != ev.Reference {
		if ev.Type == marquee.PaymentFailed {
			return nil // an earlier attempt's decline: the order has moved on to another
		}
		return errUnknownPayment()
	}
	if ev.AmountCents != 0 && ev.AmountCents != amount {
		return marquee.Errorf(marquee.EInvalid, "The payment amount does not match the order")
	}
	switch ev.Type {
	case marquee.PaymentSucceeded:
		return s.settlePaid(ctx, id, ev.Reference)
	case marquee.PaymentFailed:
		msg := ev.Message
		if msg == "" {
			msg = msgPaymentIncomplete
		}
		if r := []rune(msg); len(r) > failureMessageMax {
			msg = string(r[:failureMessageMax])
		}
		// While the hold lasts, a decline keeps it for a retry (ticket_retry.go).
		if kept, err := s.keepHoldForRetry(ctx, id, msg, ev.Reference); err != nil || kept {
			return err
		}
		_, err := s.releaseHold(ctx, id, marquee.OrderFailed, msg, ev.Reference, false)
		return err
	case marquee.PaymentRefunded:
		return s.recordRefund(ctx, id, marquee.TicketRefunded, nil, nil)
	}
	return fmt.Errorf("store: settle ticket order %d: unknown event type %q", id, ev.Type)
}

// settlePaid settles order id as paid. A pending order's held seats are
// sold; an order whose hold was released (failed, expired, cancelled)
// takes seats again if the screening still has them, else its payment is
// refunded through the provider (outside the transaction) and the order
// marked refunded with a message saying so.
func (s *TicketService) settlePaid(ctx context.Context, id int64, reference string) error {
	refund, refundMessage := false, msgSoldOutRefunded
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		err := s.payHeld(ctx, c, id, reference, now)
		if !errors.Is(err, errSettledElsewhere) {
			return err
		}
		// Not pending: paid already, or released.
		var screening, amount int64
		var q int
		err = c.queryRow(ctx, `UPDATE ticket_orders SET status = 'paid', paid_at = ?, failure_message = '', updated_at = ?,
			reference = COALESCE(reference, NULLIF(?, ''))
			WHERE id = ? AND status IN ('failed', 'expired', 'cancelled') RETURNING screening_id, quantity, amount_cents`,
			now, now, reference, id).Scan(&screening, &q, &amount)
		if errors.Is(err, sql.ErrNoRows) {
			return errSettledElsewhere // paid or refunded already
		} else if err != nil {
			return fmt.Errorf("store: settle late ticket order %d: %w", id, err)
		}
		// The voucher's use and the types' seats, taken again under
		// their rules, in the order every transaction takes their rows.
		var voucher sql.NullInt64
		if err := c.queryRow(ctx, `SELECT voucher_id FROM ticket_orders WHERE id = ?`, id).Scan(&voucher); err != nil {
			return fmt.Errorf("store: settle late ticket order %d: voucher: %w", id, err)
		}
		if voucher.Valid {
			took, err := takeVoucher(ctx, c, voucher.Int64, now)
			if err != nil {
				return err
			}
			if !took {
				refund, refundMessage = true, msgVoucherGoneRefunded
				return errNoSeatsLeft
			}
		}
		ok, err := retakeTypeSeats(ctx, c, id, now)
		if err != nil {
			return err
		}
		if !ok {
			refund = true
			return errNoSeatsLeft
		}
		res, err := c.exec(ctx, `UPDATE screenings SET sold = sold + ?, updated_at = ?
			WHERE id = ? AND status = 'scheduled' AND sold + held + ? <= capacity`, q, now, screening, q)
		if err != nil {
			return fmt.Errorf("store: settle late ticket order %d: seats: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			refund = true
			var status string
			if err := c.queryRow(ctx, `SELECT status FROM screenings WHERE id = ?`, screening).Scan(&status); err != nil {
				return fmt.Errorf("store: settle late ticket order %d: screening: %w", id, err)
			}
			if status == "cancelled" {
				refundMessage = msgCancelledRefunded
			}
			return errNoSeatsLeft
		}
		if err := s.issueTickets(ctx, c, id, now); err != nil {
			return err
		}
		if err := s.creditTicketOrder(ctx, c, id, now); err != nil {
			return err
		}
		return rollupTicketPaid(ctx, c, id, now, amount)
	})
	switch {
	case errors.Is(err, errSettledElsewhere):
		return nil
	case errors.Is(err, errNoSeatsLeft) && refund:
		return s.refundLate(ctx, id, reference, refundMessage)
	}
	return err
}

// errNoSeatsLeft rolls back a late payment's settlement when its seats are gone.
var errNoSeatsLeft = errors.New("store: no seats left for a late payment")

// refundLate refunds a payment that arrived when no seat was left (or
// its screening was cancelled) and marks its released order refunded,
// saying why in message.
func (s *TicketService) refundLate(ctx context.Context, id int64, reference, message string) error {
	if reference == "" {
		_ = s.reader().queryRow(ctx, `SELECT COALESCE(reference, '') FROM ticket_orders WHERE id = ?`, id).Scan(&reference)
	}
	if reference == "" || s.provider == nil {
		return fmt.Errorf("store: refund late ticket order %d: no payment reference", id)
	}
	if err := s.provider.Refund(ctx, reference, marquee.TicketRefundKey(id), 0); err != nil {
		return fmt.Errorf("store: refund late ticket order %d: %w", id, err)
	}
	now := s.now()
	_, err := s.writer().exec(context.WithoutCancel(ctx), `UPDATE ticket_orders SET status = 'refunded', refunded_at = ?, failure_message = ?,
		updated_at = ?, reference = COALESCE(reference, NULLIF(?, ''))
		WHERE id = ? AND status IN ('failed', 'expired', 'cancelled')`, now, message, now, reference, id)
	if err != nil {
		return fmt.Errorf("store: refund late ticket order %d: %w", id, err)
	}
	return nil
}

// recordRefund marks paid order id refunded, once: its tickets become
// ticketStatus (refunded, or cancelled with the screening), its seats
// are given back and its income leaves the dashboard; compose, when not
// nil, writes the buyer's e-mail; audit, when not nil, is the entry of
// the refund (written only when this call refunded it).
func (s *TicketService) recordRefund(ctx context.Context, id int64, ticketStatus marquee.TicketStatus, compose marquee.ComposeTicketMail, audit *marquee.AuditEntry) error {
	return s.recordPartRefund(ctx, id, -1, ticketStatus, compose, audit)
}

// recordPartRefund is recordRefund of part of the order's money: back
// cents (-1 for all of it; 0 for none, the order then cancelled), whose
// share of the income and commission the ledger takes back.
func (s *TicketService) recordPartRefund(ctx context.Context, id, back int64, ticketStatus marquee.TicketStatus, compose marquee.ComposeTicketMail, audit *marquee.AuditEntry) error {
	var screening int64
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		var q int
		var amount, refunded int64
		var paidAt sql.NullTime
		err := c.queryRow(ctx, `UPDATE ticket_orders SET refunded_cents = CASE WHEN ? < 0 THEN amount_cents ELSE ? END,
			status = CASE WHEN (CASE WHEN ? < 0 THEN amount_cents ELSE ? END) > 0 THEN 'refunded' ELSE 'cancelled' END,
			refunded_at = ?, updated_at = ? WHERE id = ? AND status = 'paid' RETURNING screening_id, quantity, amount_cents, refunded_cents, paid_at`,
			back, back, back, back, now, now, id).Scan(&screening, &q, &amount, &refunded, &paidAt)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // refunded already, or never paid
		} else if err != nil {
			return fmt.Errorf("store: refund ticket order %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE tickets SET status = ?, updated_at = ? WHERE order_id = ? AND status IN ('valid', 'used')`,
			string(ticketStatus), now, id); err != nil {
			return fmt.Errorf("store: refund ticket order %d: tickets: %w", id, err)
		}
		if paidAt.Valid {
			// The dashboard counts paid orders only (as its recount does).
			if err := rollupTicketRefunded(ctx, c, id, paidAt.Time, amount); err != nil {
				return err
			}
		}
		// The festival gives the money returned back (and the platform the same share of its commission).
		if err := reverseIncome(ctx, c, marquee.EarningTicket, marquee.EarningRefund, marquee.TicketOrderEarningSource(id), refunded, amount, now); err != nil {
			return err
		}
		if audit != nil {
			if err := recordAudit(ctx, c, now, *audit); err != nil {
				return err
			}
		}
		if err := giveBackVoucher(ctx, c, id, now); err != nil {
			return err
		}
		if err := moveTypeSeats(ctx, c, id, 0, -1, now); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `UPDATE screenings SET sold = sold - ?, updated_at = ? WHERE id = ?`, q, now, screening); err != nil {
			return fmt.Errorf("store: refund ticket order %d: seats: %w", id, err)
		}
		if compose == nil {
			return nil
		}
		o, err := loadOrder(ctx, c, id, 0, now)
		if err != nil {
			return err
		}
		o.RefundedCents = refunded
		return s.queueTicketMail(ctx, c, compose, o, now)
	})
	if err == nil && screening != 0 {
		s.seatsFreed(ctx, screening) // a refund's seats go to the waiting list first
	}
	return err
}

// CancelScreening cancels a managed festival's screening: no more sales,
// pending holds released, and each paid order refunded through the
// provider (outside any transaction, with its own idempotency key), its
// tickets cancelled and its buyer e-mailed. A second call retries the
// orders a failed refund left paid. Every transaction after the first
// locks an order's row before the screening's, as payments and releases
// do, so none of them can deadlock with another.
func (s *TicketService) CancelScreening(ctx context.Context, slug string, id int64) (*marquee.ManagedScreening, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var status string
		if err := c.queryRow(ctx, `SELECT status FROM screenings WHERE id = ? AND festival_id = ?`, id, f.ID).Scan(&status); errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrScreeningNotFound()
		} else if err != nil {
			return fmt.Errorf("store: cancel screening %d: %w", id, err)
		}
		res, err := c.exec(ctx, `UPDATE screenings SET status = 'cancelled', cancelled_at = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'`, now, now, id)
		if err != nil {
			return fmt.Errorf("store: cancel screening %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // cancelled before
		}
		return recordAudit(ctx, c, now, festivalAudit(f.ID, marquee.AuditScreeningCancel, "screening", screeningIDText(id)))
	})
	if err != nil {
		return nil, err
	}
	bg := context.WithoutCancel(ctx)
	// The holds, each in its own transaction (the order's row, then the
	// screening's, as every change of an order locks them): no new one can
	// start on a cancelled screening.
	if err := s.releaseScreeningHolds(bg, id); err != nil {
		return nil, err
	}
	rows, err := s.reader().query(bg, `SELECT id, amount_cents, COALESCE(reference, '') FROM ticket_orders WHERE screening_id = ? AND status = 'paid' ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: cancel screening %d: paid orders: %w", id, err)
	}
	type paid struct {
		id, amount int64
		ref        string
	}
	var orders []paid
	for rows.Next() {
		var p paid
		if err := rows.Scan(&p.id, &p.amount, &p.ref); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: cancel screening %d: paid orders: %w", id, err)
		}
		orders = append(orders, p)
	}
	rows.Close()
	var errs []error
	for _, p := range orders {
		if p.amount > 0 {
			if s.provider == nil || p.ref == "" {
				errs = append(errs, fmt.Errorf("store: cancel screening %d: order %d has no payment to refund", id, p.id))
				continue
			}
			if err := s.provider.Refund(bg, p.ref, marquee.TicketRefundKey(p.id), 0); err != nil {
				errs = append(errs, fmt.Errorf("store: cancel screening %d: refund order %d: %w", id, p.id, err))
				continue
			}
		}
		if err := s.recordRefund(bg, p.id, marquee.TicketCancelled, s.opts.ComposeCancellation, nil); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return loadScreening(ctx, s.reader(), id, s.now(), true)
}

// releaseScreeningHolds cancels the pending orders of screening id,
// giving their seats back.
func (s *TicketService) releaseScreeningHolds(ctx context.Context, id int64) error {
	rows, err := s.reader().query(ctx, `SELECT id FROM ticket_orders WHERE screening_id = ? AND status = 'pending'`, id)
	if err != nil {
		return fmt.Errorf("store: cancel screening %d: holds: %w", id, err)
	}
	var ids []int64
	for rows.Next() {
		var o int64
		if err := rows.Scan(&o); err != nil {
			rows.Close()
			return fmt.Errorf("store: cancel screening %d: holds: %w", id, err)
		}
		ids = append(ids, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: cancel screening %d: holds: %w", id, err)
	}
	for _, o := range ids {
		if _, err := s.releaseHold(ctx, o, marquee.OrderCancelled, "", "", false); err != nil {
			return err
		}
	}
	return nil
}
