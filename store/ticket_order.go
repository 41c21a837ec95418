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
const orderColumns = `o.id, o.user_id, COALESCE(g.email, u.email), COALESCE(g.name, u.name), o.quantity, o.amount_cents, o.currency, o.status, o.hold_expires_at,
	o.failure_message, o.provider, COALESCE(o.reference, ''), o.language, o.created_at, o.paid_at, o.discount_cents, COALESCE(v.code, ''),
	o.buyer_company, o.buyer_vat_id, CASE WHEN g.order_id IS NULL THEN 0 ELSE 1 END, `

const orderFrom = ` FROM ticket_orders o JOIN users u ON u.id = o.user_id
	JOIN screenings sc ON sc.id = o.screening_id JOIN festivals fe ON fe.id = sc.festival_id
	LEFT JOIN vouchers v ON v.id = o.voucher_id LEFT JOIN ticket_guest_orders g ON g.order_id = o.id`

// loadOrder reads ticket order id through c with its screening and
// tickets; userID, when not 0, must be its buyer (else ENotFound).
func loadOrder(ctx context.Context, c conn, id, userID int64, now time.Time) (*marquee.TicketOrder, error) {
	row := c.queryRow(ctx, `SELECT `+orderColumns+screeningColumns+orderFrom+` WHERE o.id = ?`, id)
	var o marquee.TicketOrder
	var status string
	var paid sql.NullTime
	var sc *marquee.ManagedScreening
	var guest int
	sc, err := scanScreening(prefixScanner{row: row, prefix: []any{&o.ID, &o.UserID, &o.BuyerEmail, &o.BuyerName, &o.Quantity,
		&o.AmountCents, &o.Currency, &status, &o.HoldExpiresAt, &o.FailureMessage, &o.Provider, &o.Reference, &o.Language,
		&o.CreatedAt, &paid, &o.DiscountCents, &o.VoucherCode, &o.Company, &o.VATID, &guest}}, now, false)
	if errors.Is(err, sql.ErrNoRows) || err == nil && userID != 0 && o.UserID != userID {
		return nil, marquee.ErrOrderNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find ticket order %d: %w", id, err)
	}
	o.Screening = &sc.Screening
	o.Guest = guest == 1
	o.Status = marquee.TicketOrderStatus(status)
	o.HoldExpiresAt, o.CreatedAt = o.HoldExpiresAt.UTC(), o.CreatedAt.UTC()
	if paid.Valid {
		t := paid.Time.UTC()
		o.PaidAt = &t
	}
	o.SubtotalCents = o.AmountCents + o.DiscountCents
	if o.Lines, err = loadOrderLines(ctx, c, id); err != nil {
		return nil, err
	}
	o.Tickets = []*marquee.Ticket{}
	rows, err := c.query(ctx, `SELECT t.id, t.code, t.status, t.checked_in_at, t.attendee_name, COALESCE(tt.name, '') FROM tickets t
		LEFT JOIN screening_ticket_types tt ON tt.id = t.ticket_type_id WHERE t.order_id = ? ORDER BY t.position`, id)
	if err != nil {
		return nil, fmt.Errorf("store: tickets of order %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		t := &marquee.Ticket{OrderID: id, HolderName: o.BuyerName, HolderEmail: o.BuyerEmail, Screening: o.Screening}
		var st string
		var in sql.NullTime
		if err := rows.Scan(&t.ID, &t.Code, &st, &in, &t.AttendeeName, &t.TicketTypeName); err != nil {
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

// createOrder is CreateOrder's work: the request is priced from the
// screening's types and the voucher read before the transaction; inside
// it, the order's rows are written, then one conditional UPDATE takes the
// voucher's use, one per ticket type (in type id order) its seats within
// its quota and price, and the last the screening's seats.
func (s *TicketService) createOrder(ctx context.Context, req marquee.OrderRequest) (*marquee.TicketOrder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return s.holdOrder(ctx, u.ID, req, nil)
}

// holdOrder is createOrder's work for buyer userID; written, when not nil,
// writes more rows of order id in its transaction, right after the order's
// (a guest's name and address).
func (s *TicketService) holdOrder(ctx context.Context, userID int64, req marquee.OrderRequest, written func(c conn, id int64, now time.Time) error) (*marquee.TicketOrder, error) {
	u := &marquee.User{ID: userID}
	var err error
	if req.ScreeningID <= 0 {
		return nil, req.Validate()
	}
	lang := packageLanguage(req.Language)
	var festival int64
	var currency, mode string
	err = s.reader().queryRow(ctx, `SELECT festival_id, currency, attendee_names FROM screenings WHERE id = ?`, req.ScreeningID).Scan(&festival, &currency, &mode)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrScreeningNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find screening %d: %w", req.ScreeningID, err)
	}
	def, err := defaultTicketType(ctx, s.reader(), req.ScreeningID)
	if err != nil {
		return nil, err
	}
	req.NormalizeItems(def)
	req.BuyerTax.Normalize()
	if err := req.Validate(); err != nil {
		return nil, err
	}
	names, err := req.ValidateAttendees(marquee.AttendeeNames(mode))
	if err != nil {
		return nil, err
	}
	lines, err := quoteLines(ctx, s.reader(), req.ScreeningID, req.Items)
	if err != nil {
		return nil, err
	}
	var voucher *marquee.Voucher
	if req.VoucherCode != "" {
		if voucher, err = loadVoucherByCode(ctx, s.reader(), festival, req.VoucherCode); err != nil {
			return nil, err
		}
		if err := voucher.Refusal(s.now(), req.ScreeningID, lineTypeNames(lines)); err != nil {
			return nil, err
		}
	}
	total := marquee.PriceOrder(lines, voucher, currency)
	var id int64
	var short typeSeats
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		free := total.TotalCents == 0
		provider, status, counter := "", "pending", "held"
		var paidAt sql.NullTime
		if free {
			status, counter, paidAt = "paid", "sold", sql.NullTime{Time: now, Valid: true}
		} else if s.provider != nil {
			provider = s.provider.Name()
		}
		var voucherID sql.NullInt64
		if voucher != nil {
			voucherID = sql.NullInt64{Int64: voucher.ID, Valid: true}
		}
		if err := c.queryRow(ctx, `INSERT INTO ticket_orders (user_id, screening_id, quantity, amount_cents, currency, status,
			hold_expires_at, provider, language, created_at, paid_at, updated_at, voucher_id, discount_cents, buyer_company, buyer_vat_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			u.ID, req.ScreeningID, req.Quantity, total.TotalCents, currency, status, now.Add(marquee.TicketHoldDuration),
			provider, lang, now, paidAt, now, voucherID, total.DiscountCents, req.Company, req.VATID).Scan(&id); err != nil {
			return fmt.Errorf("store: insert ticket order of screening %d: %w", req.ScreeningID, err)
		}
		if written != nil {
			if err := written(c, id, now); err != nil {
				return err
			}
		}
		for _, l := range lines {
			if _, err := c.exec(ctx, `INSERT INTO ticket_order_lines (order_id, ticket_type_id, quantity, price_cents) VALUES (?, ?, ?, ?)`,
				id, l.TicketTypeID, l.Quantity, l.PriceCents); err != nil {
				return fmt.Errorf("store: ticket order %d: line of type %d: %w", id, l.TicketTypeID, err)
			}
		}
		for i, n := range names {
			if n == "" {
				continue
			}
			if _, err := c.exec(ctx, `INSERT INTO ticket_order_attendees (order_id, position, name) VALUES (?, ?, ?)`, id, i+1, n); err != nil {
				return fmt.Errorf("store: ticket order %d: attendee %d: %w", id, i+1, err)
			}
		}
		// The voucher's rule: its uses never pass its limit.
		if voucher != nil {
			took, err := takeVoucher(ctx, c, voucher.ID, now)
			if err != nil {
				return err
			}
			if !took {
				return errVoucherGone
			}
		}
		if free {
			if err := s.issueTickets(ctx, c, id, now); err != nil {
				return err
			}
		}
		// Each type's rule: its counters never pass its quota (lines are
		// in type id order, as every transaction takes them).
		for _, l := range lines {
			res, err := c.exec(ctx, `UPDATE screening_ticket_types SET `+counter+` = `+counter+` + ?, updated_at = ?
				WHERE id = ? AND screening_id = ? AND price_cents = ? AND (quota IS NULL OR sold + held + ? <= quota)`,
				l.Quantity, now, l.TicketTypeID, req.ScreeningID, l.PriceCents, l.Quantity)
			if err != nil {
				return fmt.Errorf("store: hold %d seats of ticket type %d: %w", l.Quantity, l.TicketTypeID, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				short = typeSeats{typeID: l.TicketTypeID, n: l.Quantity}
				return errNoSeatsLeft
			}
		}
		// The seat rule: the counters never pass the capacity.
		res, err := c.exec(ctx, `UPDATE screenings SET `+counter+` = `+counter+` + ?, updated_at = ?
			WHERE id = ? AND status = 'scheduled' AND sales_start_at <= ? AND sales_end_at > ? AND ends_at > ?
			AND sold + held + ? <= capacity
			AND EXISTS (SELECT 1 FROM festivals fe WHERE fe.id = screenings.festival_id AND fe.status = 'approved')`,
			req.Quantity, now, req.ScreeningID, now, now, now, req.Quantity)
		if err != nil {
			return fmt.Errorf("store: hold %d seats of screening %d: %w", req.Quantity, req.ScreeningID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoSeatsLeft
		}
		return nil
	})
	switch {
	case errors.Is(err, errVoucherGone):
		return nil, s.whyVoucherGone(ctx, festival, req.VoucherCode, req.ScreeningID, lines)
	case errors.Is(err, errNoSeatsLeft) && short.typeID != 0:
		return nil, s.whyNoTypeSeats(ctx, req.ScreeningID, short)
	case errors.Is(err, errNoSeatsLeft):
		return nil, s.whyNoSeats(ctx, s.writer(), req.ScreeningID, req.Quantity, s.now())
	case err != nil:
		return nil, err
	}
	return loadOrder(ctx, s.reader(), id, 0, s.now())
}

// errVoucherGone rolls back an order whose voucher's use could not be taken.
var errVoucherGone = errors.New("store: voucher no longer usable")

// whyVoucherGone explains a voucher whose use could not be taken: used
// up by concurrent orders, disabled or past its dates meanwhile.
func (s *TicketService) whyVoucherGone(ctx context.Context, festival int64, code string, screening int64, lines []marquee.OrderLine) error {
	v, err := loadVoucherByCode(ctx, s.writer(), festival, code)
	if err != nil {
		return err
	}
	if err := v.Refusal(s.now(), screening, lineTypeNames(lines)); err != nil {
		return err
	}
	return marquee.ErrVoucherUsedUp()
}

// whyNoTypeSeats explains a type whose seats could not be taken: its
// quota's rest, or (its price changed) a change while ordering.
func (s *TicketService) whyNoTypeSeats(ctx context.Context, screening int64, short typeSeats) error {
	m, err := loadScreening(ctx, s.writer(), screening, s.now(), false)
	if err != nil {
		return err
	}
	t, err := loadTicketType(ctx, s.writer(), screening, short.typeID, m.Remaining)
	if err != nil {
		return err
	}
	if t.Remaining >= short.n {
		return marquee.Errorf(marquee.EConflict, "This screening changed while you ordered. Please try again.")
	}
	if t.Default || t.Remaining >= m.Remaining {
		return marquee.ErrSeatsLeft(t.Remaining)
	}
	return marquee.ErrTypeSeatsLeft(t.Name, t.Remaining)
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
	if err := rollupTicketPaid(ctx, c, id, now, amount); err != nil {
		return err
	}
	if err := moveTypeSeats(ctx, c, id, -1, 1, now); err != nil {
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
// per position), numbered through its lines in type id order with the
// attendees' names, and queues the confirmation.
func (s *TicketService) issueTickets(ctx context.Context, c conn, id int64, now time.Time) error {
	var user, screening int64
	var q int
	if err := c.queryRow(ctx, `SELECT user_id, screening_id, quantity FROM ticket_orders WHERE id = ?`, id).Scan(&user, &screening, &q); err != nil {
		return fmt.Errorf("store: issue tickets of order %d: %w", id, err)
	}
	lines, err := orderTypeSeats(ctx, c, id)
	if err != nil {
		return err
	}
	names, err := loadOrderAttendees(ctx, c, id, q)
	if err != nil {
		return err
	}
	i := 0
	for _, l := range lines {
		for range l.n {
			i++
			name := ""
			if i <= len(names) {
				name = names[i-1]
			}
			_, err := c.exec(ctx, `INSERT INTO tickets (order_id, position, screening_id, user_id, code, status, created_at, updated_at,
				ticket_type_id, attendee_name) VALUES (?, ?, ?, ?, ?, 'valid', ?, ?, ?, ?)`,
				id, i, screening, user, marquee.NewTicketCode(), now, now, l.typeID, name)
			if isUniqueViolation(err) {
				return errSettledElsewhere
			} else if err != nil {
				return fmt.Errorf("store: issue ticket %d of order %d: %w", i, id, err)
			}
		}
	}
	if s.opts.ComposeConfirmation == nil {
		return nil
	}
	o, err := loadOrder(ctx, c, id, 0, now)
	if err != nil {
		return err
	}
	if err := guestMailToken(ctx, c, o, now); err != nil {
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
		if err := giveBackVoucher(ctx, c, id, now); err != nil {
			return err
		}
		if err := moveTypeSeats(ctx, c, id, -1, 0, now); err != nil {
			return err
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
	o, err := s.ownOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.withSelfService(ctx, o)
}

// CancelOrder releases the signed-in buyer's pending order (a settled one
// is answered as it is).
func (s *TicketService) CancelOrder(ctx context.Context, id int64) (*marquee.TicketOrder, error) {
	o, err := s.ownOrder(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.cancelPending(ctx, o); err != nil {
		return nil, err
	}
	return loadOrder(ctx, s.reader(), id, 0, s.now())
}

// cancelPending releases order o's hold when o is pending (the buyer's
// and the guest's cancel); a settled order is left as it is.
func (s *TicketService) cancelPending(ctx context.Context, o *marquee.TicketOrder) error {
	if o.Status != marquee.OrderPending {
		return nil
	}
	released, err := s.releaseHold(ctx, o.ID, marquee.OrderCancelled, "", "", false)
	if err != nil {
		return err
	}
	if released {
		s.noteOrder(orderCancelled, 1)
	}
	return nil
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
	return s.payOrder(ctx, o, req)
}

// payOrder is PayOrder's work for order o, the caller's (a signed-in
// buyer's, or a guest link's).
func (s *TicketService) payOrder(ctx context.Context, o *marquee.TicketOrder, req marquee.TicketPayRequest) (*marquee.TicketPayResult, error) {
	id := o.ID
	var err error
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
	var attempt int
	if err := s.writer().queryRow(ctx, `UPDATE ticket_orders SET country = ?, provider = ?, updated_at = ?, reconcile_at = ? WHERE id = ? AND status = 'pending'
		RETURNING payment_attempt`, req.Country, s.provider.Name(), s.now(), s.now().Add(marquee.PaymentReconcileAfter), id).Scan(&attempt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, marquee.Errorf(marquee.EConflict, "This order can no longer be paid")
		}
		return nil, fmt.Errorf("store: pay ticket order %d: %w", id, err)
	}
	res, perr := s.provider.CreatePayment(ctx, marquee.PaymentRequest{
		TicketOrderID:  id,
		AmountCents:    o.AmountCents,
		Currency:       o.Currency,
		Country:        req.Country,
		Email:          o.BuyerEmail,
		PaymentMethod:  req.PaymentMethod,
		Card:           req.Card,
		IdempotencyKey: marquee.TicketAttemptKey(id, attempt),
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
	return s.confirmOrder(ctx, o)
}

// confirmOrder is ConfirmOrder's work for order o, the caller's.
func (s *TicketService) confirmOrder(ctx context.Context, o *marquee.TicketOrder) (*marquee.TicketPayResult, error) {
	id := o.ID
	var err error
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
