package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// A screening's ticket types (screening_ticket_types) each have sold and
// held counters under an optional quota, beside the screening's own. Every
// change of an order's seats moves its types' counters, one UPDATE per
// type in ticket type id order, and then the screening's: every
// transaction takes the rows in the same order (the order's, its
// voucher's, its types', the screening's), so none waits on another in a
// circle.

// ticketTypeColumns are the columns scanTicketType reads.
const ticketTypeColumns = `tt.id, tt.name, tt.price_cents, tt.quota, tt.sold, tt.held, tt.position`

// scanTicketType reads ticketTypeColumns; screeningRemaining bounds Remaining.
func scanTicketType(row scanner, screeningRemaining int) (*marquee.ManagedTicketType, error) {
	var t marquee.ManagedTicketType
	var quota sql.NullInt64
	var position int
	if err := row.Scan(&t.ID, &t.Name, &t.PriceCents, &quota, &t.Sold, &t.Held, &position); err != nil {
		return nil, err
	}
	if quota.Valid {
		q := int(quota.Int64)
		t.Quota = &q
	}
	t.Default = position == 0
	t.Remaining = marquee.TypeRemaining(t.Quota, t.Sold, t.Held, screeningRemaining)
	return &t, nil
}

// loadTicketTypes reads screening id's types in their order.
func loadTicketTypes(ctx context.Context, c conn, id int64, screeningRemaining int) ([]*marquee.ManagedTicketType, error) {
	rows, err := c.query(ctx, `SELECT `+ticketTypeColumns+` FROM screening_ticket_types tt WHERE tt.screening_id = ? ORDER BY tt.position, tt.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: ticket types of screening %d: %w", id, err)
	}
	defer rows.Close()
	out := []*marquee.ManagedTicketType{}
	for rows.Next() {
		t, err := scanTicketType(rows, screeningRemaining)
		if err != nil {
			return nil, fmt.Errorf("store: ticket types of screening %d: %w", id, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// setPublicTicketTypes fills sc.TicketTypes with its types on sale (a
// quota of 0 stops a type's sales).
func setPublicTicketTypes(ctx context.Context, c conn, sc *marquee.Screening) error {
	types, err := loadTicketTypes(ctx, c, sc.ID, sc.Remaining)
	if err != nil {
		return err
	}
	sc.TicketTypes = []*marquee.TicketType{}
	for _, t := range types {
		if t.Quota != nil && *t.Quota == 0 {
			continue
		}
		tt := t.TicketType
		sc.TicketTypes = append(sc.TicketTypes, &tt)
	}
	return nil
}

// insertDefaultTicketType adds screening id's default type through c.
func insertDefaultTicketType(ctx context.Context, c conn, id, priceCents int64, now time.Time) error {
	if _, err := c.exec(ctx, `INSERT INTO screening_ticket_types (screening_id, position, name, price_cents, created_at, updated_at)
		VALUES (?, 0, '', ?, ?, ?)`, id, priceCents, now, now); err != nil {
		return fmt.Errorf("store: default ticket type of screening %d: %w", id, err)
	}
	return nil
}

// managedScreening returns screening id of a managed festival (else not found).
func (s *TicketService) managedScreening(ctx context.Context, slug string, id int64) (*ticketFestival, *marquee.ManagedScreening, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, nil, err
	}
	m, err := loadScreening(ctx, s.reader(), id, s.now(), false)
	if err != nil {
		return nil, nil, err
	}
	if m.FestivalID != f.ID {
		return nil, nil, marquee.ErrScreeningNotFound()
	}
	return f, m, nil
}

// TicketTypes lists a managed screening's types with their counters.
func (s *TicketService) TicketTypes(ctx context.Context, slug string, screeningID int64) ([]*marquee.ManagedTicketType, error) {
	_, m, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return nil, err
	}
	return loadTicketTypes(ctx, s.reader(), screeningID, m.Remaining)
}

// loadTicketType reads type typeID of screening screeningID through c.
func loadTicketType(ctx context.Context, c conn, screeningID, typeID int64, remaining int) (*marquee.ManagedTicketType, error) {
	t, err := scanTicketType(c.queryRow(ctx, `SELECT `+ticketTypeColumns+` FROM screening_ticket_types tt WHERE tt.id = ? AND tt.screening_id = ?`,
		typeID, screeningID), remaining)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrTicketTypeNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: ticket type %d: %w", typeID, err)
	}
	return t, nil
}

func nullQuota(q *int) sql.NullInt64 {
	if q == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: int64(*q), Valid: true}
}

// CreateTicketType adds a type to a managed screening.
func (s *TicketService) CreateTicketType(ctx context.Context, slug string, screeningID int64, in marquee.TicketTypeInput) (*marquee.ManagedTicketType, error) {
	f, m, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	in.Currency = m.Currency
	if err := in.Validate(m.Capacity, false); err != nil {
		return nil, err
	}
	var id int64
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var n, position int
		if err := c.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(position), 0) FROM screening_ticket_types WHERE screening_id = ?`,
			screeningID).Scan(&n, &position); err != nil {
			return fmt.Errorf("store: ticket types of screening %d: %w", screeningID, err)
		}
		if n >= marquee.TicketTypesMax {
			return marquee.Errorf(marquee.EConflict, "A screening may have at most 10 ticket types")
		}
		err := c.queryRow(ctx, `INSERT INTO screening_ticket_types (screening_id, position, name, price_cents, quota, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, screeningID, position+1, in.Name, in.PriceCents, nullQuota(in.Quota), now, now).Scan(&id)
		if isUniqueViolation(err) {
			return marquee.FieldError("name", "The screening already has a ticket type of this name")
		} else if err != nil {
			return fmt.Errorf("store: add ticket type to screening %d: %w", screeningID, err)
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningUpdate, "screening", screeningIDText(screeningID))
		e.After = auditJSON(map[string]any{"ticketType": in.Name, "priceCents": in.PriceCents, "quota": in.Quota})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return loadTicketType(ctx, s.reader(), screeningID, id, m.Remaining)
}

// UpdateTicketType changes a type of a managed screening; the quota
// cannot go below its seats sold and held (checked under the row's lock).
// The default type's price is the screening's.
func (s *TicketService) UpdateTicketType(ctx context.Context, slug string, screeningID, typeID int64, in marquee.TicketTypeInput) (*marquee.ManagedTicketType, error) {
	f, m, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return nil, err
	}
	prior, err := loadTicketType(ctx, s.reader(), screeningID, typeID, m.Remaining)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	in.Currency = m.Currency
	if err := in.Validate(m.Capacity, prior.Default); err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		var sold, held int
		// A quota below the seats taken is kept out by the CASE (and the
		// CHECK), then refused with the figures the row's lock read.
		set, args := `quota = NULL`, []any{}
		if in.Quota != nil {
			set, args = `quota = CASE WHEN sold + held <= ? THEN ? ELSE quota END`, []any{*in.Quota, *in.Quota}
		}
		args = append([]any{in.Name, in.PriceCents, now}, append(args, typeID, screeningID)...)
		err := c.queryRow(ctx, `UPDATE screening_ticket_types SET name = ?, price_cents = ?, updated_at = ?, `+set+`
			WHERE id = ? AND screening_id = ? RETURNING sold, held`, args...).Scan(&sold, &held)
		if isUniqueViolation(err) {
			return marquee.FieldError("name", "The screening already has a ticket type of this name")
		} else if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrTicketTypeNotFound()
		} else if err != nil {
			return fmt.Errorf("store: update ticket type %d: %w", typeID, err)
		}
		if err := marquee.CheckQuota(in.Quota, sold+held); err != nil {
			return err
		}
		if prior.Default {
			// After the type's row: the order every seat change takes.
			if _, err := c.exec(ctx, `UPDATE screenings SET price_cents = ?, updated_at = ? WHERE id = ?`, in.PriceCents, now, screeningID); err != nil {
				return fmt.Errorf("store: update ticket type %d: screening price: %w", typeID, err)
			}
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningUpdate, "screening", screeningIDText(screeningID))
		e.Before = auditJSON(map[string]any{"ticketType": prior.Name, "priceCents": prior.PriceCents, "quota": prior.Quota})
		e.After = auditJSON(map[string]any{"ticketType": in.Name, "priceCents": in.PriceCents, "quota": in.Quota})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return loadTicketType(ctx, s.reader(), screeningID, typeID, m.Remaining)
}

// DeleteTicketType removes a type of a managed screening that no order
// used; the default type stays.
func (s *TicketService) DeleteTicketType(ctx context.Context, slug string, screeningID, typeID int64) error {
	f, m, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return err
	}
	prior, err := loadTicketType(ctx, s.reader(), screeningID, typeID, m.Remaining)
	if err != nil {
		return err
	}
	if prior.Default {
		return marquee.ErrTicketTypeInUse()
	}
	return s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `DELETE FROM screening_ticket_types WHERE id = ? AND screening_id = ? AND position > 0
			AND NOT EXISTS (SELECT 1 FROM ticket_order_lines l WHERE l.ticket_type_id = screening_ticket_types.id)`, typeID, screeningID)
		if err != nil {
			return fmt.Errorf("store: delete ticket type %d: %w", typeID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.ErrTicketTypeInUse()
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningUpdate, "screening", screeningIDText(screeningID))
		e.Before = auditJSON(map[string]any{"ticketType": prior.Name, "priceCents": prior.PriceCents, "quota": prior.Quota})
		return recordAudit(ctx, c, s.now(), e)
	})
}

// SetAttendeeNames sets whether a managed screening's buyers name each
// ticket's attendee.
func (s *TicketService) SetAttendeeNames(ctx context.Context, slug string, screeningID int64, mode marquee.AttendeeNames) (marquee.AttendeeNames, error) {
	f, m, err := s.managedScreening(ctx, slug, screeningID)
	if err != nil {
		return "", err
	}
	mode, err = marquee.ParseAttendeeNames(string(mode))
	if err != nil {
		return "", err
	}
	err = s.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `UPDATE screenings SET attendee_names = ?, updated_at = ? WHERE id = ?`, string(mode), s.now(), screeningID); err != nil {
			return fmt.Errorf("store: attendee names of screening %d: %w", screeningID, err)
		}
		if m.AttendeeNames == mode {
			return nil
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningUpdate, "screening", screeningIDText(screeningID))
		e.Before, e.After = auditJSON(map[string]any{"attendeeNames": m.AttendeeNames}), auditJSON(map[string]any{"attendeeNames": mode})
		return recordAudit(ctx, c, s.now(), e)
	})
	if err != nil {
		return "", err
	}
	return mode, nil
}

// typeSeats is an order's seats of one type, as its counters move.
type typeSeats struct {
	typeID int64
	n      int
}

// orderTypeSeats reads order id's seats per type, in type id order (the
// order in which every transaction takes the types' rows).
func orderTypeSeats(ctx context.Context, c conn, id int64) ([]typeSeats, error) {
	rows, err := c.query(ctx, `SELECT ticket_type_id, quantity FROM ticket_order_lines WHERE order_id = ? ORDER BY ticket_type_id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: lines of ticket order %d: %w", id, err)
	}
	defer rows.Close()
	var out []typeSeats
	for rows.Next() {
		var t typeSeats
		if err := rows.Scan(&t.typeID, &t.n); err != nil {
			return nil, fmt.Errorf("store: lines of ticket order %d: %w", id, err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// moveTypeSeats moves order id's seats in its types' counters: held and
// sold change by heldSign and soldSign times each line's quantity
// (release: -1, 0; pay: -1, +1; refund: 0, -1; a claimed waiting-list
// offer, whose seats the screening already holds: +1, 0).
func moveTypeSeats(ctx context.Context, c conn, id int64, heldSign, soldSign int, now time.Time) error {
	lines, err := orderTypeSeats(ctx, c, id)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := c.exec(ctx, `UPDATE screening_ticket_types SET held = held + ?, sold = sold + ?, updated_at = ? WHERE id = ?`,
			heldSign*l.n, soldSign*l.n, now, l.typeID); err != nil {
			return fmt.Errorf("store: ticket order %d: seats of type %d: %w", id, l.typeID, err)
		}
	}
	return nil
}

// retakeTypeSeats sells order id's seats again in its types' counters
// (a late payment after its hold was released), each within its quota;
// false when a type has too few left.
func retakeTypeSeats(ctx context.Context, c conn, id int64, now time.Time) (bool, error) {
	lines, err := orderTypeSeats(ctx, c, id)
	if err != nil {
		return false, err
	}
	for _, l := range lines {
		res, err := c.exec(ctx, `UPDATE screening_ticket_types SET sold = sold + ?, updated_at = ?
			WHERE id = ? AND (quota IS NULL OR sold + held + ? <= quota)`, l.n, now, l.typeID, l.n)
		if err != nil {
			return false, fmt.Errorf("store: ticket order %d: seats of type %d: %w", id, l.typeID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, nil
		}
	}
	return true, nil
}

var _ marquee.TicketOfferService = (*TicketService)(nil)
