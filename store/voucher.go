package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// A festival's vouchers: an order takes one use of its voucher with one
// conditional UPDATE (used < usage_limit, enabled, within its dates) in
// the order's transaction, after the order's row and before its types'
// and screening's; an order that expires, fails, is cancelled or refunded
// gives the use back in the transaction that changes its status.

const voucherColumns = `v.id, v.festival_id, v.code, v.kind, v.value, v.usage_limit, v.used, v.valid_from, v.valid_until, v.disabled_at, v.created_at`

// scanVoucher reads voucherColumns.
func scanVoucher(row scanner) (*marquee.Voucher, error) {
	var v marquee.Voucher
	var kind string
	var from, until, disabled sql.NullTime
	if err := row.Scan(&v.ID, &v.FestivalID, &v.Code, &kind, &v.Value, &v.UsageLimit, &v.Used, &from, &until, &disabled, &v.CreatedAt); err != nil {
		return nil, err
	}
	v.Kind = marquee.VoucherKind(kind)
	v.CreatedAt = v.CreatedAt.UTC()
	for _, p := range []struct {
		src sql.NullTime
		dst **time.Time
	}{{from, &v.ValidFrom}, {until, &v.ValidUntil}, {disabled, &v.DisabledAt}} {
		if p.src.Valid {
			t := p.src.Time.UTC()
			*p.dst = &t
		}
	}
	v.ScreeningIDs, v.TypeNames = []int64{}, []string{}
	return &v, nil
}

// loadVoucherRestrictions fills v's screenings and type names.
func loadVoucherRestrictions(ctx context.Context, c conn, v *marquee.Voucher) error {
	rows, err := c.query(ctx, `SELECT screening_id FROM voucher_screenings WHERE voucher_id = ? ORDER BY screening_id`, v.ID)
	if err != nil {
		return fmt.Errorf("store: screenings of voucher %d: %w", v.ID, err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("store: screenings of voucher %d: %w", v.ID, err)
		}
		v.ScreeningIDs = append(v.ScreeningIDs, id)
	}
	rows.Close()
	rows, err = c.query(ctx, `SELECT type_name FROM voucher_ticket_types WHERE voucher_id = ? ORDER BY type_name`, v.ID)
	if err != nil {
		return fmt.Errorf("store: ticket types of voucher %d: %w", v.ID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return fmt.Errorf("store: ticket types of voucher %d: %w", v.ID, err)
		}
		v.TypeNames = append(v.TypeNames, n)
	}
	return rows.Err()
}

// loadVoucherByCode reads festival festivalID's voucher code (normalised);
// ErrVoucherUnknown when it has none.
func loadVoucherByCode(ctx context.Context, c conn, festivalID int64, code string) (*marquee.Voucher, error) {
	v, err := scanVoucher(c.queryRow(ctx, `SELECT `+voucherColumns+` FROM vouchers v WHERE v.festival_id = ? AND v.code = ?`, festivalID, code))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrVoucherUnknown()
	} else if err != nil {
		return nil, fmt.Errorf("store: find voucher of festival %d: %w", festivalID, err)
	}
	return v, loadVoucherRestrictions(ctx, c, v)
}

// Vouchers lists a managed festival's vouchers, newest first, with their use.
func (s *TicketService) Vouchers(ctx context.Context, slug string) ([]*marquee.Voucher, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+voucherColumns+` FROM vouchers v WHERE v.festival_id = ? ORDER BY v.id DESC`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("store: vouchers of festival %d: %w", f.ID, err)
	}
	out := []*marquee.Voucher{}
	for rows.Next() {
		v, err := scanVoucher(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: vouchers of festival %d: %w", f.ID, err)
		}
		out = append(out, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: vouchers of festival %d: %w", f.ID, err)
	}
	for _, v := range out {
		if err := loadVoucherRestrictions(ctx, s.reader(), v); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// CreateVoucher adds a voucher to a managed festival; its screenings must
// be the festival's.
func (s *TicketService) CreateVoucher(ctx context.Context, slug string, in marquee.VoucherInput) (*marquee.Voucher, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	d, err := in.Validate(f.location())
	if err != nil {
		return nil, err
	}
	if in.Kind == marquee.VoucherFree {
		in.Value = 0
	}
	var id int64
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM vouchers WHERE festival_id = ?`, f.ID).Scan(&n); err != nil {
			return fmt.Errorf("store: vouchers of festival %d: %w", f.ID, err)
		}
		if n >= marquee.VouchersPerFestMax {
			return marquee.ErrTooManyVouchers()
		}
		err := c.queryRow(ctx, `INSERT INTO vouchers (festival_id, code, kind, value, usage_limit, valid_from, valid_until, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, f.ID, in.Code, string(in.Kind), in.Value, in.UsageLimit,
			nullTime(d.From), nullTime(d.Until), now, now).Scan(&id)
		if isUniqueViolation(err) {
			return marquee.ErrVoucherCodeTaken()
		} else if err != nil {
			return fmt.Errorf("store: add voucher to festival %d: %w", f.ID, err)
		}
		for _, sid := range in.ScreeningIDs {
			res, err := c.exec(ctx, `INSERT INTO voucher_screenings (voucher_id, screening_id)
				SELECT ?, id FROM screenings WHERE id = ? AND festival_id = ?`, id, sid, f.ID)
			if err != nil {
				return fmt.Errorf("store: voucher %d screening %d: %w", id, sid, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return marquee.FieldError("screeningIds", "Choose screenings of this festival")
			}
		}
		for _, name := range in.TypeNames {
			if _, err := c.exec(ctx, `INSERT INTO voucher_ticket_types (voucher_id, type_name) VALUES (?, ?)`, id, name); err != nil {
				return fmt.Errorf("store: voucher %d ticket type: %w", id, err)
			}
		}
		// The code itself stays out of the log: it is a secret worth money.
		e := festivalAudit(f.ID, marquee.AuditVoucherCreate, "voucher", auditTargetID(id))
		e.After = auditJSON(map[string]any{"kind": in.Kind, "value": in.Value, "usageLimit": in.UsageLimit})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return s.festivalVoucher(ctx, f.ID, id)
}

func nullTime(t *time.Time) sql.NullTime {
	if t == nil {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: *t, Valid: true}
}

// festivalVoucher reads festival festivalID's voucher id.
func (s *TicketService) festivalVoucher(ctx context.Context, festivalID, id int64) (*marquee.Voucher, error) {
	v, err := scanVoucher(s.reader().queryRow(ctx, `SELECT `+voucherColumns+` FROM vouchers v WHERE v.id = ? AND v.festival_id = ?`, id, festivalID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrVoucherNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find voucher %d: %w", id, err)
	}
	return v, loadVoucherRestrictions(ctx, s.reader(), v)
}

// DisableVoucher stops a managed festival's voucher from being used again
// (idempotent); orders that used it keep their discount.
func (s *TicketService) DisableVoucher(ctx context.Context, slug string, id int64) (*marquee.Voucher, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		res, err := c.exec(ctx, `UPDATE vouchers SET disabled_at = ?, updated_at = ? WHERE id = ? AND festival_id = ? AND disabled_at IS NULL`, now, now, id, f.ID)
		if err != nil {
			return fmt.Errorf("store: disable voucher %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // disabled before, or not the festival's (festivalVoucher answers)
		}
		return recordAudit(ctx, c, now, festivalAudit(f.ID, marquee.AuditVoucherDisable, "voucher", auditTargetID(id)))
	})
	if err != nil {
		return nil, err
	}
	return s.festivalVoucher(ctx, f.ID, id)
}

// quoteLines prices items of screening screeningID from its types: the
// lines in item order, or ErrTicketTypeNotFound for a type not the
// screening's (or not on sale).
func quoteLines(ctx context.Context, c conn, screeningID int64, items []marquee.OrderItem) ([]marquee.OrderLine, error) {
	types, err := loadTicketTypes(ctx, c, screeningID, 0)
	if err != nil {
		return nil, err
	}
	byID := map[int64]*marquee.ManagedTicketType{}
	for _, t := range types {
		byID[t.ID] = t
	}
	lines := make([]marquee.OrderLine, 0, len(items))
	for _, it := range items {
		t, ok := byID[it.TicketTypeID]
		if !ok || t.Quota != nil && *t.Quota == 0 {
			return nil, marquee.FieldError("items", "Choose ticket types of this screening")
		}
		lines = append(lines, marquee.OrderLine{TicketTypeID: t.ID, Name: t.Name, Quantity: it.Quantity, PriceCents: t.PriceCents})
	}
	return lines, nil
}

// lineTypeNames are the names of lines' types.
func lineTypeNames(lines []marquee.OrderLine) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Name
	}
	return out
}

// CheckVoucher answers what a code does to an order of a screening, or
// exactly why it is refused (the server rate-limits it per client).
func (s *TicketService) CheckVoucher(ctx context.Context, req marquee.VoucherCheck) (*marquee.VoucherQuote, error) {
	sc, err := s.Screening(ctx, req.ScreeningID)
	if err != nil {
		return nil, err
	}
	o := marquee.OrderRequest{ScreeningID: req.ScreeningID, Items: req.Items, VoucherCode: req.Code}
	def, err := defaultTicketType(ctx, s.reader(), sc.ID)
	if err != nil {
		return nil, err
	}
	o.NormalizeItems(def)
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.VoucherCode == "" {
		return nil, marquee.FieldError("voucherCode", "Enter a code")
	}
	lines, err := quoteLines(ctx, s.reader(), sc.ID, o.Items)
	if err != nil {
		return nil, err
	}
	v, err := loadVoucherByCode(ctx, s.reader(), sc.FestivalID, o.VoucherCode)
	if err != nil {
		return nil, err
	}
	if err := v.Refusal(s.now(), sc.ID, lineTypeNames(lines)); err != nil {
		return nil, err
	}
	return &marquee.VoucherQuote{Code: v.Code, Kind: v.Kind, Value: v.Value, OrderTotal: marquee.PriceOrder(lines, v, sc.Currency)}, nil
}

// defaultTicketType returns screening id's default type.
func defaultTicketType(ctx context.Context, c conn, id int64) (int64, error) {
	var t int64
	err := c.queryRow(ctx, `SELECT id FROM screening_ticket_types WHERE screening_id = ? AND position = 0`, id).Scan(&t)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, marquee.ErrScreeningNotFound()
	} else if err != nil {
		return 0, fmt.Errorf("store: default ticket type of screening %d: %w", id, err)
	}
	return t, nil
}

// takeVoucher takes one use of voucher id through c at now: one
// conditional UPDATE (enabled, within its dates, a use left); false when
// it took none.
func takeVoucher(ctx context.Context, c conn, id int64, now time.Time) (bool, error) {
	res, err := c.exec(ctx, `UPDATE vouchers SET used = used + 1, updated_at = ?
		WHERE id = ? AND used < usage_limit AND disabled_at IS NULL
		AND (valid_from IS NULL OR valid_from <= ?) AND (valid_until IS NULL OR valid_until > ?)`, now, id, now, now)
	if err != nil {
		return false, fmt.Errorf("store: take voucher %d: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// giveBackVoucher returns order id's use of its voucher, if it has one,
// through c (in the transaction that released or refunded the order).
func giveBackVoucher(ctx context.Context, c conn, id int64, now time.Time) error {
	if _, err := c.exec(ctx, `UPDATE vouchers SET used = used - 1, updated_at = ?
		WHERE id = (SELECT voucher_id FROM ticket_orders WHERE id = ?) AND used > 0`, now, id); err != nil {
		return fmt.Errorf("store: give back the voucher of ticket order %d: %w", id, err)
	}
	return nil
}

// ScreeningOrders lists a managed screening's orders, newest first, with
// their lines and attendees (at most 500).
func (s *TicketService) ScreeningOrders(ctx context.Context, slug string, screeningID int64) ([]*marquee.OrganiserOrder, error) {
	_, _, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT o.id, COALESCE(g.name, u.name), COALESCE(g.email, u.email), o.status, o.quantity, o.amount_cents, o.discount_cents,
		COALESCE(v.code, ''), o.created_at
		FROM ticket_orders o JOIN users u ON u.id = o.user_id LEFT JOIN vouchers v ON v.id = o.voucher_id
		LEFT JOIN ticket_guest_orders g ON g.order_id = o.id
		WHERE o.screening_id = ? ORDER BY o.id DESC LIMIT 500`, screeningID)
	if err != nil {
		return nil, fmt.Errorf("store: orders of screening %d: %w", screeningID, err)
	}
	out := []*marquee.OrganiserOrder{}
	for rows.Next() {
		var o marquee.OrganiserOrder
		var st string
		if err := rows.Scan(&o.ID, &o.BuyerName, &o.BuyerEmail, &st, &o.Quantity, &o.AmountCents, &o.DiscountCents, &o.VoucherCode, &o.CreatedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: orders of screening %d: %w", screeningID, err)
		}
		o.Status, o.CreatedAt = marquee.TicketOrderStatus(st), o.CreatedAt.UTC()
		out = append(out, &o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: orders of screening %d: %w", screeningID, err)
	}
	for _, o := range out {
		if o.Lines, err = loadOrderLines(ctx, s.reader(), o.ID); err != nil {
			return nil, err
		}
		if o.Attendees, err = loadOrderAttendees(ctx, s.reader(), o.ID, o.Quantity); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// loadOrderLines reads order id's lines in type id order (its tickets' order).
func loadOrderLines(ctx context.Context, c conn, id int64) ([]marquee.OrderLine, error) {
	rows, err := c.query(ctx, `SELECT l.ticket_type_id, tt.name, l.quantity, l.price_cents FROM ticket_order_lines l
		JOIN screening_ticket_types tt ON tt.id = l.ticket_type_id WHERE l.order_id = ? ORDER BY l.ticket_type_id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: lines of ticket order %d: %w", id, err)
	}
	defer rows.Close()
	out := []marquee.OrderLine{}
	for rows.Next() {
		var l marquee.OrderLine
		if err := rows.Scan(&l.TicketTypeID, &l.Name, &l.Quantity, &l.PriceCents); err != nil {
			return nil, fmt.Errorf("store: lines of ticket order %d: %w", id, err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// loadOrderAttendees reads order id's attendee names by position (1 to
// quantity), "" where none was typed.
func loadOrderAttendees(ctx context.Context, c conn, id int64, quantity int) ([]string, error) {
	out := make([]string, quantity)
	rows, err := c.query(ctx, `SELECT position, name FROM ticket_order_attendees WHERE order_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: attendees of ticket order %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var p int
		var n string
		if err := rows.Scan(&p, &n); err != nil {
			return nil, fmt.Errorf("store: attendees of ticket order %d: %w", id, err)
		}
		if p >= 1 && p <= quantity {
			out[p-1] = n
		}
	}
	return out, rows.Err()
}
