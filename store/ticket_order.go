package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// orderColumns are the columns scanOrder reads (before the screening's),
// from orderFrom.
const orderColumns = `o.id, o.user_id, u.email, u.name, o.quantity, o.amount_cents, o.currency, o.status, o.hold_expires_at,
	o.failure_message, o.provider, COALESCE(o.reference, ''), o.language, o.created_at, o.paid_at, `

const orderFrom = ` FROM ticket_orders o JOIN users u ON u.id = o.user_id
	JOIN screenings sc ON sc.id = o.screening_id JOIN festivals fe ON fe.id = sc.festival_id`

// loadOrder reads ticket order id through c with its screening and
// tickets; userID, when not 0, must be its buyer (else ENotFound).
func loadOrder(ctx context.Context, c conn, id, userID int64, now time.Time) (*marquee.TicketOrder, error) {
	row := c.queryRow(ctx, `SELECT `+orderColumns+screeningColumns+orderFrom+` WHERE o.id = ?`, id)
	var o marquee.TicketOrder
	var status string
	var paid sql.NullTime
	var sc *marquee.ManagedScreening
	sc, err := scanScreening(prefixScanner{row: row, prefix: []any{&o.ID, &o.UserID, &o.BuyerEmail, &o.BuyerName, &o.Quantity,
		&o.AmountCents, &o.Currency, &status, &o.HoldExpiresAt, &o.FailureMessage, &o.Provider, &o.Reference, &o.Language,
		&o.CreatedAt, &paid}}, now, false)
	if errors.Is(err, sql.ErrNoRows) || err == nil && userID != 0 && o.UserID != userID {
		return nil, marquee.ErrOrderNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find ticket order %d: %w", id, err)
	}
	o.Screening = &sc.Screening
	o.Status = marquee.TicketOrderStatus(status)
	o.HoldExpiresAt, o.CreatedAt = o.HoldExpiresAt.UTC(), o.CreatedAt.UTC()
	if paid.Valid {
		t := paid.Time.UTC()
		o.PaidAt = &t
	}
	o.Tickets = []*marquee.Ticket{}
	rows, err := c.query(ctx, `SELECT id, code, status, checked_in_at FROM tickets WHERE order_id = ? ORDER BY position`, id)
	if err != nil {
		return nil, fmt.Errorf("store: tickets of order %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		t := &marquee.Ticket{OrderID: id, HolderName: o.BuyerName, HolderEmail: o.BuyerEmail, Screening: o.Screening}
		var st string
		var in sql.NullTime
		if err := rows.Scan(&t.ID, &t.Code, &st, &in); err != nil {
			return nil, fmt.Errorf("store: tickets of order %d: %w", id, err)
		}
		t.Status = marquee.TicketStatus(st)
		if in.Valid {
			v := in.Time.UTC()
			t.CheckedInAt = &v
		}
		o.Tickets = append(o.Tickets, t)
	}
	return &o, rows.Err()
}

// prefixScanner scans prefix's destinations before the caller's.
type prefixScanner struct {
	row    scanner
	prefix []any
}

func (p prefixScanner) Scan(dst ...any) error { return p.row.Scan(append(p.prefix, dst...)...) }

// CreateOrder holds req.Quantity seats for the signed-in buyer: one
// conditional UPDATE takes them (status scheduled, sales open, enough seats
// left) in the order's transaction. It is the transaction's last
// statement, so that the screening's row, which every buyer of the
// screening needs, is locked only until the commit. A free screening's
// order is paid at once: its seats are sold and its tickets issued.
func (s *TicketService) CreateOrder(ctx context.Context, req marquee.OrderRequest) (*marquee.TicketOrder, error) {
	o, err := s.createOrder(ctx, req)
	switch {
	case err == nil:
		s.noteOrder(orderCreated, 1)
	case marquee.ErrorCode(err) == marquee.EInternal:
		s.noteOrder(orderError, 1)
	default:
		s.noteOrder(orderRefused, 1)
	}
	return o, err
}

// createOrder is CreateOrder's work.
func (s *TicketService) createOrder(ctx context.Context, req marquee.OrderRequest) (*marquee.TicketOrder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	lang := packageLanguage(req.Language)
	var price int64
	var currency string
	err = s.reader().queryRow(ctx, `SELECT price_cents, currency FROM screenings WHERE id = ?`, req.ScreeningID).Scan(&price, &currency)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrScreeningNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find screening %d: %w", req.ScreeningID, err)
	}
	var id int64
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		free := price == 0
		provider, status, counter := "", "pending", "held"
		var paidAt sql.NullTime
		if free {
			status, counter, paidAt = "paid", "sold", sql.NullTime{Time: now, Valid: true}
		} else if s.provider != nil {
			provider = s.provider.Name()
		}
		if err := c.queryRow(ctx, `INSERT INTO ticket_orders (user_id, screening_id, quantity, amount_cents, currency, status,
			hold_expires_at, provider, language, created_at, paid_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			u.ID, req.ScreeningID, req.Quantity, price*int64(req.Quantity), currency, status, now.Add(marquee.TicketHoldDuration),
			provider, lang, now, paidAt, now).Scan(&id); err != nil {
			return fmt.Errorf("store: insert ticket order of screening %d: %w", req.ScreeningID, err)
		}
		if free {
			if err := s.issueTickets(ctx, c, id, now); err != nil {
				return err
			}
		}
		// The seat rule: the counters never pass the capacity.
		res, err := c.exec(ctx, `UPDATE screenings SET `+counter+` = `+counter+` + ?, updated_at = ?
			WHERE id = ? AND status = 'scheduled' AND sales_start_at <= ? AND sales_end_at > ? AND ends_at > ?
			AND sold + held + ? <= capacity AND price_cents = ?
			AND EXISTS (SELECT 1 FROM festivals fe WHERE fe.id = screenings.festival_id AND fe.status = 'approved')`,
			req.Quantity, now, req.ScreeningID, now, now, now, req.Quantity, price)
		if err != nil {
			return fmt.Errorf("store: hold %d seats of screening %d: %w", req.Quantity, req.ScreeningID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoSeatsLeft
		}
		return nil
	})
	if errors.Is(err, errNoSeatsLeft) {
		return nil, s.whyNoSeats(ctx, s.writer(), req.ScreeningID, req.Quantity, s.now())
	} else if err != nil {
		return nil, err
	}
	return loadOrder(ctx, s.reader(), id, 0, s.now())
}

// whyNoSeats explains a refused hold: the screening is missing (or its
// festival not public), not on sale, or lacks seats.
func (s *TicketService) whyNoSeats(ctx context.Context, c conn, id int64, n int, now time.Time) error {
	var fstatus string
	m, err := scanScreening(c.queryRow(ctx, `SELECT `+screeningColumns+`, fe.status`+screeningFrom+` WHERE sc.id = ?`, id), now, false, &fstatus)
	if errors.Is(err, sql.ErrNoRows) || err == nil && marquee.FestivalStatus(fstatus) != marquee.FestivalApproved {
		return marquee.ErrScreeningNotFound()
	} else if err != nil {
		return fmt.Errorf("store: find screening %d: %w", id, err)
	}
	if !m.SalesOpen(now) {
		return marquee.ErrNotOnSale()
	}
	if m.Remaining > 0 && m.Remaining >= n {
		// The price changed while ordering (or the seats came back): the
		// buyer tries again and sees the new state.
		return marquee.Errorf(marquee.EConflict, "This screening changed while you ordered. Please try again.")
	}
	return marquee.ErrSeatsLeft(m.Remaining)
}

// payHeld marks pending order id paid through c, moves its held seats to
// sold and issues its tickets, with its confirmation e-mail. It answers
// errSettledElsewhere when the order was not pending (settled already).
func (s *TicketService) payHeld(ctx context.Context, c conn, id int64, reference string, now time.Time) error {
	var screening, amount int64
	var q int
	err := c.queryRow(ctx, `UPDATE ticket_orders SET status = 'paid', paid_at = ?, failure_message = '', updated_at = ?,
		reference = COALESCE(reference, NULLIF(?, ''))
		WHERE id = ? AND status = 'pending' RETURNING screening_id, quantity, amount_cents`, now, now, reference, id).Scan(&screening, &q, &amount)
	if errors.Is(err, sql.ErrNoRows) {
		return errSettledElsewhere
	} else if err != nil {
		return fmt.Errorf("store: pay ticket order %d: %w", id, err)
	}
	if err := s.issueTickets(ctx, c, id, now); err != nil {
		return err
	}
	if err := rollupTicketPaid(ctx, c, now, amount); err != nil {
		return err
	}
	if err := s.creditTicketOrder(ctx, c, id, now); err != nil {
		return err
	}
	// Last: the screening's row is locked only until the commit.
	if _, err := c.exec(ctx, `UPDATE screenings SET held = held - ?, sold = sold + ?, updated_at = ? WHERE id = ?`, q, q, now, screening); err != nil {
		return fmt.Errorf("store: pay ticket order %d: seats: %w", id, err)
	}
	return nil
}

// issueTickets writes the tickets of paid order id, once (a unique row
// per position), and queues the confirmation.
func (s *TicketService) issueTickets(ctx context.Context, c conn, id int64, now time.Time) error {
	var user, screening int64
	var q int
	if err := c.queryRow(ctx, `SELECT user_id, screening_id, quantity FROM ticket_orders WHERE id = ?`, id).Scan(&user, &screening, &q); err != nil {
		return fmt.Errorf("store: issue tickets of order %d: %w", id, err)
	}
	for i := 1; i <= q; i++ {
		_, err := c.exec(ctx, `INSERT INTO tickets (order_id, position, screening_id, user_id, code, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, 'valid', ?, ?)`, id, i, screening, user, marquee.NewTicketCode(), now, now)
		if isUniqueViolation(err) {
			return errSettledElsewhere
		} else if err != nil {
			return fmt.Errorf("store: issue ticket %d of order %d: %w", i, id, err)
		}
	}
	if s.opts.ComposeConfirmation == nil {
		return nil
	}
	o, err := loadOrder(ctx, c, id, 0, now)
	if err != nil {
		return err
	}
	return s.queueTicketMail(ctx, c, s.opts.ComposeConfirmation, o, now)
}

// releaseHold moves pending order id to status (failed, expired or
// cancelled) and gives its seats back, once: the status guard lets one
// caller through. expiredOnly limits it to a hold that has passed at now.
// It reports whether it released the order.
func (s *TicketService) releaseHold(ctx context.Context, id int64, status marquee.TicketOrderStatus, message, reference string, expiredOnly bool) (bool, error) {
	released := false
	var screening int64
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		q := `UPDATE ticket_orders SET status = ?, failure_message = ?, updated_at = ?, reference = COALESCE(reference, NULLIF(?, ''))
			WHERE id = ? AND status = 'pending'`
		args := []any{string(status), message, now, reference, id}
		if expiredOnly {
			q += ` AND hold_expires_at <= ?`
			args = append(args, now)
		}
		var n int
		err := c.queryRow(ctx, q+` RETURNING screening_id, quantity`, args...).Scan(&screening, &n)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return fmt.Errorf("store: release ticket order %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `UPDATE screenings SET held = held - ?, updated_at = ? WHERE id = ?`, n, now, screening); err != nil {
			return fmt.Errorf("store: release ticket order %d: seats: %w", id, err)
		}
		released = true
		return nil
	})
	if err == nil && released {
		s.seatsFreed(ctx, screening) // the waiting list first
	}
	return released, err
}

// ReleaseExpiredHolds expires the pending orders whose hold has passed and
// gives their seats back; several nodes may run it at once.
func (s *TicketService) ReleaseExpiredHolds(ctx context.Context) (int, error) {
	total := 0
	for range maxExpireRounds {
		rows, err := s.reader().query(ctx, `SELECT id FROM ticket_orders WHERE status = 'pending' AND hold_expires_at <= ? ORDER BY hold_expires_at LIMIT 100`, s.now())
		if err != nil {
			return total, fmt.Errorf("store: expired holds: %w", err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return total, fmt.Errorf("store: expired holds: %w", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return total, fmt.Errorf("store: expired holds: %w", err)
		}
		for _, id := range ids {
			ok, err := s.releaseHold(ctx, id, marquee.OrderExpired, "", "", true)
			if err != nil {
				return total, err
			}
			if ok {
				total++
				s.noteOrder(orderExpired, 1)
			}
		}
		if len(ids) < 100 {
			break
		}
	}
	return total, nil
}

// maxExpireRounds bounds the batches of one ReleaseExpiredHolds.
const maxExpireRounds = 20

// ownOrder reads the signed-in buyer's order id.
func (s *TicketService) ownOrder(ctx context.Context, id int64) (*marquee.TicketOrder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return loadOrder(ctx, s.reader(), id, u.ID, s.now())
}

// Order returns the signed-in buyer's order id.
func (s *TicketService) Order(ctx context.Context, id int64) (*marquee.TicketOrder, error) {
	return s.ownOrder(ctx, id)
}

// CancelOrder releases the signed-in buyer's pending order (a settled one
// is answered as it is).
func (s *TicketService) CancelOrder(ctx context.Context, id int64) (*marquee.TicketOrder, error) {
	o, err := s.ownOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.Status == marquee.OrderPending {
		released, err := s.releaseHold(ctx, id, marquee.OrderCancelled, "", "", false)
		if err != nil {
			return nil, err
		}
		if released {
			s.noteOrder(orderCancelled, 1)
		}
	}
	return loadOrder(ctx, s.reader(), id, 0, s.now())
}

// PayOrder pays the signed-in buyer's pending order through the provider,
// outside any transaction; an outcome known at once settles it. A hold
// that has passed is released and answered ErrHoldExpired.
func (s *TicketService) PayOrder(ctx context.Context, id int64, req marquee.TicketPayRequest) (*marquee.TicketPayResult, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	o, err := loadOrder(ctx, s.reader(), id, u.ID, s.now())
	if err != nil {
		return nil, err
	}
	switch {
	case o.Status == marquee.OrderPaid:
		return &marquee.TicketPayResult{Order: o}, nil
	case o.Status == marquee.OrderExpired:
		return nil, marquee.ErrHoldExpired()
	case o.Status != marquee.OrderPending:
		return nil, marquee.Errorf(marquee.EConflict, "This order can no longer be paid")
	case !s.now().Before(o.HoldExpiresAt):
		if _, err := s.releaseHold(ctx, id, marquee.OrderExpired, "", "", true); err != nil {
			return nil, err
		}
		return nil, marquee.ErrHoldExpired()
	}
	if s.provider == nil {
		return nil, marquee.Errorf(marquee.EInternal, "Payments are not configured")
	}
	req.Normalize()
	if err := req.Validate(s.now()); err != nil {
		return nil, err
	}
	// The payment begins: unsettled after PaymentReconcileAfter (even
	// once its hold has passed), the worker asks the provider.
	if _, err := s.writer().exec(ctx, `UPDATE ticket_orders SET country = ?, provider = ?, updated_at = ?, reconcile_at = ? WHERE id = ? AND status = 'pending'`,
		req.Country, s.provider.Name(), s.now(), s.now().Add(marquee.PaymentReconcileAfter), id); err != nil {
		return nil, fmt.Errorf("store: pay ticket order %d: %w", id, err)
	}
	res, perr := s.provider.CreatePayment(ctx, marquee.PaymentRequest{
		TicketOrderID:  id,
		AmountCents:    o.AmountCents,
		Currency:       o.Currency,
		Country:        req.Country,
		Email:          u.Email,
		PaymentMethod:  req.PaymentMethod,
		Card:           req.Card,
		IdempotencyKey: marquee.TicketIdempotencyKey(id),
	})
	if perr != nil {
		// Refused input or an unreachable provider: the hold stays, the
		// buyer may try again until it passes.
		return nil, fmt.Errorf("store: pay ticket order %d: %w", id, perr)
	}
	bg := context.WithoutCancel(ctx)
	if res == nil {
		res = &marquee.PaymentResult{}
	}
	if res.Reference != "" {
		if _, err := s.writer().exec(bg, `UPDATE ticket_orders SET reference = ?, updated_at = ? WHERE id = ? AND reference IS NULL`, res.Reference, s.now(), id); err != nil {
			return nil, fmt.Errorf("store: pay ticket order %d: store reference: %w", id, err)
		}
	}
	if res.Event != nil {
		ev := *res.Event
		ev.TicketOrderID, ev.PurchaseID = id, 0
		if ev.Reference == "" {
			ev.Reference = res.Reference
		}
		if err := s.settle(bg, ev); err != nil {
			return nil, err
		}
	}
	o, err = loadOrder(ctx, s.reader(), id, 0, s.now())
	if err != nil {
		return nil, err
	}
	return &marquee.TicketPayResult{Order: o, ClientSecret: res.ClientSecret}, nil
}

// ConfirmOrder asks the provider for the state of the signed-in buyer's
// order's payment and settles it (after Stripe Elements confirmed it).
func (s *TicketService) ConfirmOrder(ctx context.Context, id int64) (*marquee.TicketPayResult, error) {
	o, err := s.ownOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	if o.Reference != "" && s.provider != nil && o.Status != marquee.OrderPaid && o.Status != marquee.OrderRefunded {
		ev, err := s.provider.Payment(ctx, o.Reference)
		if err != nil {
			return nil, fmt.Errorf("store: confirm ticket order %d: %w", id, err)
		}
		if ev != nil {
			e := *ev
			e.TicketOrderID, e.PurchaseID = id, 0
			if e.Reference != "" && e.Reference != o.Reference {
				return nil, fmt.Errorf("store: confirm ticket order %d: provider answered for payment %q", id, e.Reference)
			}
			e.Reference = o.Reference
			if err := s.settle(ctx, e); err != nil {
				return nil, err
			}
		}
	}
	o, err = loadOrder(ctx, s.reader(), id, 0, s.now())
	if err != nil {
		return nil, err
	}
	return &marquee.TicketPayResult{Order: o}, nil
}
