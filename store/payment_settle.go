package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// failureMessageMax bounds a provider's failure message kept with a
// purchase, in characters.
const failureMessageMax = 500

// errSettledElsewhere rolls back a settlement whose ledger row another
// transaction wrote first: the purchase is already settled.
var errSettledElsewhere = errors.New("store: purchase settled by another transaction")

// Settle applies a provider's event to its purchase: a success grants the
// credits exactly once, a failure records the provider's message on a
// purchase that has not succeeded, a refund takes the credits back as far
// as the balance allows (once). An event naming no known purchase, or
// whose amount differs from it, is EInvalid.
func (s *PaymentService) Settle(ctx context.Context, ev marquee.PaymentEvent) (*marquee.Purchase, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	return s.settle(ctx, ev)
}

// Webhook verifies a provider's webhook and settles its event; an event
// Marquee does not settle on is ignored (nil, nil).
func (s *PaymentService) Webhook(ctx context.Context, payload []byte, signature string) (*marquee.Purchase, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	ev, err := s.provider.ParseWebhook(payload, signature)
	if err != nil {
		return nil, fmt.Errorf("store: webhook: %w", err)
	}
	if ev == nil {
		return nil, nil
	}
	return s.settle(ctx, *ev)
}

// settle is Settle without the configuration check: the one path of every
// settlement (webhooks, the provider's direct answer at checkout, Confirm).
func (s *PaymentService) settle(ctx context.Context, ev marquee.PaymentEvent) (*marquee.Purchase, error) {
	if s.tickets != nil {
		// A ticket order's payment settles its order (no purchase).
		if ok, err := s.tickets.isTicketEvent(ctx, ev); err != nil {
			return nil, err
		} else if ok {
			err := s.tickets.settle(ctx, ev)
			s.notePayment(kindTicketOrder, ev.Type, err)
			return nil, err
		}
	}
	p, err := s.settlePurchase(ctx, ev)
	s.notePayment(kindPurchase, ev.Type, err)
	return p, err
}

// settlePurchase settles a purchase's event (settle's work).
func (s *PaymentService) settlePurchase(ctx context.Context, ev marquee.PaymentEvent) (*marquee.Purchase, error) {
	id, err := s.eventPurchase(ctx, ev)
	if err != nil {
		return nil, err
	}
	switch ev.Type {
	case marquee.PaymentSucceeded:
		if err := s.grant(ctx, id, ev.Reference); err != nil {
			return nil, err
		}
	case marquee.PaymentFailed:
		if err := s.fail(ctx, id, ev.Reference, ev.Message); err != nil {
			return nil, err
		}
	case marquee.PaymentRefunded:
		r, err := s.takeBack(ctx, id)
		if err != nil {
			return nil, err
		}
		return r.Purchase, nil
	default:
		return nil, fmt.Errorf("store: settle purchase %d: unknown event type %q", id, ev.Type)
	}
	return loadPurchase(ctx, s.reader(), id, "", 0)
}

// eventPurchase finds the purchase ev is about, by its id or its
// provider's reference, and checks that the event agrees with it.
func (s *PaymentService) eventPurchase(ctx context.Context, ev marquee.PaymentEvent) (int64, error) {
	var (
		row *sql.Row
	)
	switch {
	case ev.PurchaseID != 0:
		row = s.reader().queryRow(ctx, `SELECT id, amount_cents, COALESCE(reference, '') FROM purchases WHERE id = ?`, ev.PurchaseID)
	case ev.Reference != "":
		row = s.reader().queryRow(ctx, `SELECT id, amount_cents, COALESCE(reference, '') FROM purchases WHERE reference = ?`, ev.Reference)
	default:
		return 0, errUnknownPayment()
	}
	var id, amount int64
	var ref string
	if err := row.Scan(&id, &amount, &ref); errors.Is(err, sql.ErrNoRows) {
		return 0, errUnknownPayment()
	} else if err != nil {
		return 0, fmt.Errorf("store: settle: find purchase of event %q: %w", ev.ID, err)
	}
	// An event naming the purchase by id must be about its payment.
	if ref != "" && ev.Reference != "" && ref != ev.Reference {
		return 0, errUnknownPayment()
	}
	if ev.AmountCents != 0 && ev.AmountCents != amount {
		return 0, marquee.Errorf(marquee.EInvalid, "The payment amount does not match the purchase")
	}
	return id, nil
}

// grant settles purchase id as succeeded and grants its credits, in one
// transaction, if it is pending or failed; a purchase already succeeded
// (or refunded) is left as it is. The status guard in the UPDATE (which
// PostgreSQL re-checks after waiting for the row's lock) lets one
// transaction through; the unique ledger row stops any other.
func (s *PaymentService) grant(ctx context.Context, id int64, reference string) error {
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		var userID, credits, amount int64
		err := c.queryRow(ctx, `UPDATE purchases SET status = 'succeeded', settled_at = ?, failure_message = '', updated_at = ?,
			reference = COALESCE(reference, NULLIF(?, ''))
			WHERE id = ? AND status IN ('pending', 'failed') RETURNING user_id, credits, amount_cents`,
			now, now, reference, id).Scan(&userID, &credits, &amount)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // already settled
		} else if err != nil {
			return fmt.Errorf("store: settle purchase %d: %w", id, err)
		}
		e := marquee.LedgerEntry{UserID: userID, Delta: credits, Reason: marquee.LedgerPurchase, Reference: marquee.PurchaseReference(id), CreatedAt: now}
		if _, err := moveCredits(ctx, c, e); isUniqueViolation(err) {
			return errSettledElsewhere
		} else if err != nil {
			return fmt.Errorf("store: settle purchase %d: %w", id, err)
		}
		if err := rollupSettled(ctx, c, now, userID, amount); err != nil {
			return fmt.Errorf("store: settle purchase %d: %w", id, err)
		}
		if s.receipt == nil {
			return nil
		}
		p, err := loadPurchase(ctx, c, id, "", 0)
		if err != nil {
			return fmt.Errorf("store: settle purchase %d: %w", id, err)
		}
		m := s.receipt(p)
		m.Status = s.receiptStatus
		if err := insertMail(ctx, c, &m, now); err != nil {
			return fmt.Errorf("store: settle purchase %d: queue receipt: %w", id, err)
		}
		return nil
	})
	if errors.Is(err, errSettledElsewhere) {
		return nil
	}
	return err
}

// fail records the provider's message on purchase id if it has not
// succeeded (pending, or failed before: the latest reason wins).
func (s *PaymentService) fail(ctx context.Context, id int64, reference, message string) error {
	if message == "" {
		message = msgPaymentIncomplete
	}
	if r := []rune(message); len(r) > failureMessageMax {
		message = string(r[:failureMessageMax])
	}
	now := s.now()
	_, err := s.writer().exec(ctx, `UPDATE purchases SET status = 'failed', failure_message = ?, updated_at = ?,
		reference = COALESCE(reference, NULLIF(?, ''))
		WHERE id = ? AND status IN ('pending', 'failed')`, message, now, reference, id)
	if err != nil {
		return fmt.Errorf("store: settle purchase %d as failed: %w", id, err)
	}
	return nil
}
