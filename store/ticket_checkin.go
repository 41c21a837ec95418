package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// CheckInInfo is the check-in page's festival and its screenings with
// their sold and checked-in counts.
func (s *TicketService) CheckInInfo(ctx context.Context, slug string) (*marquee.CheckInInfo, error) {
	f, err := s.door(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT sc.id, sc.title, sc.venue, sc.starts_at, sc.ends_at, sc.status, sc.sold,
		(SELECT COUNT(*) FROM tickets t WHERE t.screening_id = sc.id AND t.checked_in_at IS NOT NULL)
		FROM screenings sc WHERE sc.festival_id = ? ORDER BY sc.starts_at, sc.id`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("store: check-in screenings of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := &marquee.CheckInInfo{FestivalName: f.Name, FestivalSlug: f.Slug, TimeZone: f.TimeZone, Screenings: []*marquee.CheckInScreening{}}
	for rows.Next() {
		var cs marquee.CheckInScreening
		var st string
		if err := rows.Scan(&cs.ID, &cs.Title, &cs.Venue, &cs.StartsAt, &cs.EndsAt, &st, &cs.Sold, &cs.CheckedIn); err != nil {
			return nil, fmt.Errorf("store: check-in screenings of festival %d: %w", f.ID, err)
		}
		cs.Status = marquee.ScreeningStatus(st)
		cs.StartsAt, cs.EndsAt = cs.StartsAt.UTC(), cs.EndsAt.UTC()
		out.Screenings = append(out.Screenings, &cs)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: check-in screenings of festival %d: %w", f.ID, err)
	}
	rows.Close()
	if out.Lists, err = checkInLists(ctx, s.reader(), f.ID); err != nil {
		return nil, err
	}
	u, _ := marquee.RequireUser(ctx)
	out.CanUndo = marquee.CanManageFestival(u, &f.Festival)
	return out, nil
}

// checkInColumns read a ticket at the door.
const checkInColumns = `SELECT t.id, t.screening_id, t.status, t.checked_in_at, sc.festival_id, sc.title, sc.starts_at, COALESCE(gu.name, u.name), COALESCE(gu.email, u.email),
	t.attendee_name, COALESCE(tt.name, '')
	FROM tickets t JOIN screenings sc ON sc.id = t.screening_id JOIN users u ON u.id = t.user_id
	LEFT JOIN ticket_guest_orders gu ON gu.order_id = t.order_id LEFT JOIN screening_ticket_types tt ON tt.id = t.ticket_type_id`

// findDoorTicket reads a ticket by code or id; found false when none.
func (s *TicketService) findDoorTicket(ctx context.Context, c conn, code string, id int64) (*marquee.CheckInTicket, int64, marquee.TicketStatus, bool, error) {
	var row *sql.Row
	if id > 0 {
		row = c.queryRow(ctx, checkInColumns+` WHERE t.id = ?`, id)
	} else {
		row = c.queryRow(ctx, checkInColumns+` WHERE t.code = ?`, code)
	}
	var t marquee.CheckInTicket
	var st string
	var in sql.NullTime
	var festival int64
	err := row.Scan(&t.ID, &t.ScreeningID, &st, &in, &festival, &t.ScreeningTitle, &t.StartsAt, &t.HolderName, &t.HolderEmail,
		&t.AttendeeName, &t.TicketTypeName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, "", false, nil
	} else if err != nil {
		return nil, 0, "", false, fmt.Errorf("store: find ticket at the door: %w", err)
	}
	t.StartsAt = t.StartsAt.UTC()
	if in.Valid {
		v := in.Time.UTC()
		t.CheckedInAt = &v
	}
	return &t, festival, marquee.TicketStatus(st), true, nil
}

// CheckIn checks a ticket in at the door of screening req.ScreeningID: by
// its code (normalised) or, from the holder search, its id. The ticket is
// marked used by one conditional UPDATE, so of two doors scanning it at
// once exactly one is told "valid".
func (s *TicketService) CheckIn(ctx context.Context, slug string, req marquee.CheckInRequest) (*marquee.CheckInResult, error) {
	f, err := s.door(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	code := marquee.NormalizeTicketCode(req.Code)
	if req.TicketID <= 0 && !marquee.ValidTicketCode(code) {
		return &marquee.CheckInResult{Result: marquee.CheckInUnknown}, nil
	}
	t, festival, status, found, err := s.findDoorTicket(ctx, s.reader(), code, req.TicketID)
	if err != nil {
		return nil, err
	}
	classify := func(found bool, festival int64, status marquee.TicketStatus) (marquee.CheckInOutcome, error) {
		checkedIn := t != nil && t.CheckedInAt != nil
		if req.ListID <= 0 {
			return marquee.ClassifyCheckIn(found, festival, f.ID, ticketScreening(t), req.ScreeningID, status, checkedIn), nil
		}
		on := false
		if found && festival == f.ID {
			var err error
			if on, err = onCheckInList(ctx, s.reader(), f.ID, req.ListID, t.ScreeningID); err != nil {
				return "", err
			}
		}
		return marquee.ClassifyListCheckIn(found, festival, f.ID, on, status, checkedIn), nil
	}
	if req.ListID > 0 {
		// A list of another festival is refused before any code is read.
		if _, err := onCheckInList(ctx, s.reader(), f.ID, req.ListID, 0); err != nil {
			return nil, err
		}
	}
	outcome, err := classify(found, festival, status)
	if err != nil {
		return nil, err
	}
	if outcome == marquee.CheckInUnknown {
		return &marquee.CheckInResult{Result: outcome}, nil
	}
	if outcome == marquee.CheckInValid {
		now := s.now()
		res, err := s.writer().exec(ctx, `UPDATE tickets SET status = 'used', checked_in_at = ?, updated_at = ?
			WHERE id = ? AND checked_in_at IS NULL AND status = 'valid'`, now, now, t.ID)
		if err != nil {
			return nil, fmt.Errorf("store: check in ticket %d: %w", t.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			t.CheckedInAt = &now
			return &marquee.CheckInResult{Result: marquee.CheckInValid, Ticket: t}, nil
		}
		// Another door was first (or the ticket was cancelled meanwhile).
		t, festival, status, found, err = s.findDoorTicket(ctx, s.writer(), code, t.ID)
		if err != nil {
			return nil, err
		}
		if outcome, err = classify(found, festival, status); err != nil {
			return nil, err
		}
		if outcome == marquee.CheckInValid {
			outcome = marquee.CheckInUsed
		}
	}
	out := &marquee.CheckInResult{Result: outcome, Ticket: t}
	if outcome == marquee.CheckInUnknown {
		out.Ticket = nil
	}
	if outcome == marquee.CheckInUsed && t.CheckedInAt != nil {
		v := *t.CheckedInAt
		out.FirstUsedAt = &v
	}
	return out, nil
}

func ticketScreening(t *marquee.CheckInTicket) int64 {
	if t == nil {
		return 0
	}
	return t.ScreeningID
}

// SearchHolders finds the festival's tickets whose holder's name or
// e-mail contains q (at most HolderSearchMax, by name).
func (s *TicketService) SearchHolders(ctx context.Context, slug string, hq marquee.HolderQuery) ([]*marquee.Holder, error) {
	f, err := s.door(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := hq.Validate(); err != nil {
		return nil, err
	}
	like := "%" + escapeLike(strings.ToLower(hq.Q)) + "%"
	q := `SELECT t.id, COALESCE(gu.name, u.name), COALESCE(gu.email, u.email), sc.id, sc.title, t.status, t.checked_in_at
		FROM tickets t JOIN screenings sc ON sc.id = t.screening_id JOIN users u ON u.id = t.user_id
		LEFT JOIN ticket_guest_orders gu ON gu.order_id = t.order_id
		WHERE sc.festival_id = ? AND (LOWER(COALESCE(gu.name, u.name)) LIKE ? ESCAPE '\' OR LOWER(COALESCE(gu.email, u.email)) LIKE ? ESCAPE '\')`
	args := []any{f.ID, like, like}
	if hq.ScreeningID > 0 {
		q += ` AND sc.id = ?`
		args = append(args, hq.ScreeningID)
	}
	q += ` ORDER BY u.name, sc.starts_at, t.id LIMIT ` + fmt.Sprint(marquee.HolderSearchMax)
	rows, err := s.reader().query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: search holders of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := []*marquee.Holder{}
	for rows.Next() {
		var h marquee.Holder
		var st string
		var in sql.NullTime
		if err := rows.Scan(&h.TicketID, &h.HolderName, &h.HolderEmail, &h.ScreeningID, &h.ScreeningTitle, &st, &in); err != nil {
			return nil, fmt.Errorf("store: search holders of festival %d: %w", f.ID, err)
		}
		h.Status = marquee.TicketStatus(st)
		if in.Valid {
			v := in.Time.UTC()
			h.CheckedInAt = &v
		}
		out = append(out, &h)
	}
	return out, rows.Err()
}

// DoorFestivals lists the festivals where the signed-in user is door
// staff (marquee.OwnRecords: an admin's own places too, no one else's).
func (s *TicketService) DoorFestivals(ctx context.Context) ([]marquee.DoorFestival, error) {
	scope, err := marquee.OwnRecords(ctx)
	if err != nil {
		return nil, err
	}
	user := scope.UserID
	rows, err := s.reader().query(ctx, `SELECT fe.slug, fe.name FROM festival_door_staff d JOIN festivals fe ON fe.id = d.festival_id
		WHERE d.user_id = ? ORDER BY fe.name, fe.id`, user)
	if err != nil {
		return nil, fmt.Errorf("store: door festivals of user %d: %w", user, err)
	}
	defer rows.Close()
	out := []marquee.DoorFestival{}
	for rows.Next() {
		var d marquee.DoorFestival
		if err := rows.Scan(&d.Slug, &d.Name); err != nil {
			return nil, fmt.Errorf("store: door festivals of user %d: %w", user, err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Tickets lists the signed-in buyer's tickets: upcoming screenings first
// (soonest first), then past ones (latest first).
func (s *TicketService) Tickets(ctx context.Context, page marquee.PageRequest) (*marquee.Page[*marquee.Ticket], error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	page.PerPage = marquee.TicketsPerPage
	page.Page = max(page.Page, 1)
	now := s.now()
	var total int64
	if err := s.reader().queryRow(ctx, `SELECT COUNT(*) FROM tickets WHERE user_id = ?`, u.ID).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count tickets of user %d: %w", u.ID, err)
	}
	rows, err := s.reader().query(ctx, ticketSelect+` WHERE t.user_id = ?
		ORDER BY CASE WHEN sc.ends_at > ? THEN 0 ELSE 1 END, CASE WHEN sc.ends_at > ? THEN sc.starts_at END, sc.starts_at DESC, t.id
		`+limitOffset(page.PerPage), u.ID, now, now, page.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: tickets of user %d: %w", u.ID, err)
	}
	defer rows.Close()
	items := []*marquee.Ticket{}
	for rows.Next() {
		t, err := scanTicket(rows, now)
		if err != nil {
			return nil, fmt.Errorf("store: tickets of user %d: %w", u.ID, err)
		}
		items = append(items, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: tickets of user %d: %w", u.ID, err)
	}
	return marquee.NewPage(items, total, page.Page, page.PerPage), nil
}

// Ticket returns the signed-in buyer's ticket id.
func (s *TicketService) Ticket(ctx context.Context, id int64) (*marquee.Ticket, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	t, err := scanTicket(s.reader().queryRow(ctx, ticketSelect+` WHERE t.id = ? AND t.user_id = ?`, id, u.ID), s.now())
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrTicketNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find ticket %d: %w", id, err)
	}
	return t, nil
}

const ticketSelect = `SELECT t.id, t.order_id, t.code, t.status, t.checked_in_at, COALESCE(gu.name, u.name), COALESCE(gu.email, u.email),
	t.attendee_name, COALESCE(tt.name, ''), ` + screeningColumns + `
	FROM tickets t JOIN users u ON u.id = t.user_id LEFT JOIN ticket_guest_orders gu ON gu.order_id = t.order_id JOIN screenings sc ON sc.id = t.screening_id JOIN festivals fe ON fe.id = sc.festival_id
	LEFT JOIN screening_ticket_types tt ON tt.id = t.ticket_type_id`

func scanTicket(row scanner, now time.Time) (*marquee.Ticket, error) {
	var t marquee.Ticket
	var st string
	var in sql.NullTime
	m, err := scanScreening(prefixScanner{row: row, prefix: []any{&t.ID, &t.OrderID, &t.Code, &st, &in, &t.HolderName, &t.HolderEmail, &t.AttendeeName, &t.TicketTypeName}}, now, false)
	if err != nil {
		return nil, err
	}
	t.Screening = &m.Screening
	t.Status = marquee.TicketStatus(st)
	if in.Valid {
		v := in.Time.UTC()
		t.CheckedInAt = &v
	}
	return &t, nil
}
