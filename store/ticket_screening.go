package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
)

// ManagedScreenings lists a managed festival's screenings with their
// figures, in start order, cancelled included.
func (s *TicketService) ManagedScreenings(ctx context.Context, slug string) (*marquee.ManagedScreeningList, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+screeningColumns+managedFigures+screeningFrom+
		` WHERE sc.festival_id = ? ORDER BY sc.starts_at, sc.id`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("store: screenings of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := &marquee.ManagedScreeningList{TimeZone: f.TimeZone, TimeZoneChosen: f.ZoneChosen,
		Currency: f.Currency, Items: []*marquee.ManagedScreening{}}
	now := s.now()
	for rows.Next() {
		m, err := scanScreening(rows, now, true)
		if err != nil {
			return nil, fmt.Errorf("store: screenings of festival %d: %w", f.ID, err)
		}
		out.Items = append(out.Items, m)
	}
	return out, rows.Err()
}

// screeningTitle returns the title of in: its own, or the film's of the
// submission it names (which must be the festival's and not withdrawn).
func screeningTitle(ctx context.Context, c conn, festivalID int64, in marquee.ScreeningInput) (string, error) {
	if in.SubmissionID == nil {
		return in.Title, nil
	}
	var title string
	err := c.queryRow(ctx, `SELECT fi.title FROM submissions su JOIN films fi ON fi.id = su.film_id
		WHERE su.id = ? AND su.festival_id = ? AND su.status <> 'withdrawn'`, *in.SubmissionID, festivalID).Scan(&title)
	if errors.Is(err, sql.ErrNoRows) {
		return "", marquee.FieldError("submissionId", "Choose one of the festival's films")
	} else if err != nil {
		return "", fmt.Errorf("store: screening film %d: %w", *in.SubmissionID, err)
	}
	if in.Title != "" {
		return in.Title, nil
	}
	return title, nil
}

// CreateScreening adds a screening to a managed festival.
func (s *TicketService) CreateScreening(ctx context.Context, slug string, in marquee.ScreeningInput) (*marquee.ManagedScreening, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	in.Currency = f.Currency
	t, err := in.Validate(f.location())
	if err != nil {
		return nil, err
	}
	var id int64
	err = s.inTx(ctx, func(c conn) error {
		title, err := screeningTitle(ctx, c, f.ID, in)
		if err != nil {
			return err
		}
		now := s.now()
		if err := c.queryRow(ctx, `INSERT INTO screenings (festival_id, submission_id, title, venue, starts_at, ends_at, capacity,
			price_cents, currency, sales_start_at, sales_end_at, status, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?, ?) RETURNING id`,
			f.ID, nullID(in.SubmissionID), title, in.Venue, t.StartsAt, t.EndsAt, in.Capacity, in.PriceCents, f.Currency,
			t.SalesStartAt, t.SalesEndAt, now, now).Scan(&id); err != nil {
			return err
		}
		if err := insertDefaultTicketType(ctx, c, id, in.PriceCents, now); err != nil {
			return err
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningCreate, "screening", screeningIDText(id))
		e.After = auditJSON(screeningFacts(title, in, t))
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, fmt.Errorf("store: create screening of festival %d: %w", f.ID, err)
	}
	return loadScreening(ctx, s.reader(), id, s.now(), true)
}

// screeningFacts are a screening's facts in its audit entries: its title
// (the film's, or the organiser's name of the showing), venue, times,
// seats and price.
func screeningFacts(title string, in marquee.ScreeningInput, t marquee.ScreeningTimes) map[string]any {
	return map[string]any{"title": title, "submissionId": in.SubmissionID, "venue": in.Venue,
		"startsAt": t.StartsAt.UTC(), "endsAt": t.EndsAt.UTC(), "salesStartAt": t.SalesStartAt.UTC(), "salesEndAt": t.SalesEndAt.UTC(),
		"capacity": in.Capacity, "priceCents": in.PriceCents}
}

// screeningInputOf is the part of m's form that screeningFacts reads.
func screeningInputOf(m *marquee.ManagedScreening) marquee.ScreeningInput {
	return marquee.ScreeningInput{SubmissionID: m.SubmissionID, Venue: m.Venue, Capacity: m.Capacity, PriceCents: m.PriceCents}
}

func nullID(p *int64) sql.NullInt64 {
	if p == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *p, Valid: true}
}

// UpdateScreening changes a managed festival's screening; its capacity
// cannot go below the seats sold and held (checked again in the UPDATE).
func (s *TicketService) UpdateScreening(ctx context.Context, slug string, id int64, in marquee.ScreeningInput) (*marquee.ManagedScreening, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	in.Normalize()
	in.Currency = f.Currency
	t, err := in.Validate(f.location())
	if err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		title, err := screeningTitle(ctx, c, f.ID, in)
		if err != nil {
			return err
		}
		prior, err := loadScreening(ctx, c, id, s.now(), false)
		if err != nil {
			return err
		}
		// The default type's price is the screening's: its row first, as
		// every seat change takes the type's row before the screening's.
		if _, err := c.exec(ctx, `UPDATE screening_ticket_types SET price_cents = ?, updated_at = ? WHERE screening_id = ? AND position = 0
			AND EXISTS (SELECT 1 FROM screenings WHERE screenings.id = ? AND screenings.festival_id = ?)`,
			in.PriceCents, s.now(), id, id, f.ID); err != nil {
			return fmt.Errorf("store: update screening %d: default ticket type: %w", id, err)
		}
		var sold, held int
		err = c.queryRow(ctx, `UPDATE screenings SET title = ?, submission_id = ?, venue = ?, starts_at = ?, ends_at = ?,
			price_cents = ?, sales_start_at = ?, sales_end_at = ?, updated_at = ?,
			capacity = CASE WHEN sold + held <= ? THEN ? ELSE capacity END
			WHERE id = ? AND festival_id = ? RETURNING sold, held`,
			title, nullID(in.SubmissionID), in.Venue, t.StartsAt, t.EndsAt, in.PriceCents, t.SalesStartAt, t.SalesEndAt, s.now(),
			in.Capacity, in.Capacity, id, f.ID).Scan(&sold, &held)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrScreeningNotFound()
		} else if err != nil {
			return fmt.Errorf("store: update screening %d: %w", id, err)
		}
		// Refused after the row's lock: nothing of the change stays.
		if err := marquee.CheckCapacity(in.Capacity, sold+held); err != nil {
			return err
		}
		before, after, changed := auditChanges(screeningFacts(prior.Title, screeningInputOf(prior),
			marquee.ScreeningTimes{StartsAt: prior.StartsAt, EndsAt: prior.EndsAt, SalesStartAt: prior.SalesStartAt, SalesEndAt: prior.SalesEndAt}),
			screeningFacts(title, in, t))
		if !changed {
			return nil
		}
		e := festivalAudit(f.ID, marquee.AuditScreeningUpdate, "screening", screeningIDText(id))
		e.Before, e.After = before, after
		return recordAudit(ctx, c, s.now(), e)
	})
	if err != nil {
		return nil, err
	}
	return loadScreening(ctx, s.reader(), id, s.now(), true)
}

// SetTimeZone sets a managed festival's IANA time zone.
func (s *TicketService) SetTimeZone(ctx context.Context, slug, tz string) (string, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return "", err
	}
	loc, err := marquee.LoadTimeZone(tz)
	if err != nil {
		return "", err
	}
	err = s.inTx(ctx, func(c conn) error {
		var prior, country, city string
		if err := c.queryRow(ctx, `SELECT time_zone, country, city FROM festivals WHERE id = ?`, f.ID).Scan(&prior, &country, &city); err != nil {
			return fmt.Errorf("store: time zone of festival %d: %w", f.ID, err)
		}
		// The zone in force before: the default of its place when none was chosen.
		prior = marquee.FestivalTimeZone(prior, country, city)
		if _, err := c.exec(ctx, `UPDATE festivals SET time_zone = ? WHERE id = ?`, loc.String(), f.ID); err != nil {
			return fmt.Errorf("store: set time zone of festival %d: %w", f.ID, err)
		}
		if prior == loc.String() {
			return nil
		}
		e := festivalAudit(f.ID, marquee.AuditFestivalTimeZone, "festival", auditTargetID(f.ID))
		e.Before, e.After = auditJSON(map[string]any{"timeZone": prior}), auditJSON(map[string]any{"timeZone": loc.String()})
		return recordAudit(ctx, c, s.now(), e)
	})
	if err != nil {
		return "", err
	}
	return loc.String(), nil
}

// ScreeningFilms lists the films of a managed festival's submissions that
// are not withdrawn, by title.
func (s *TicketService) ScreeningFilms(ctx context.Context, slug string) ([]marquee.ScreeningFilm, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT su.id, fi.title FROM submissions su JOIN films fi ON fi.id = su.film_id
		WHERE su.festival_id = ? AND su.status <> 'withdrawn' ORDER BY fi.title, su.id`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("store: screening films of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := []marquee.ScreeningFilm{}
	for rows.Next() {
		var sf marquee.ScreeningFilm
		if err := rows.Scan(&sf.SubmissionID, &sf.Title); err != nil {
			return nil, fmt.Errorf("store: screening films of festival %d: %w", f.ID, err)
		}
		out = append(out, sf)
	}
	return out, rows.Err()
}

// DoorStaff lists a managed festival's door staff, by name.
func (s *TicketService) DoorStaff(ctx context.Context, slug string) ([]*marquee.DoorStaffMember, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT u.id, u.name, u.email, d.added_at FROM festival_door_staff d
		JOIN users u ON u.id = d.user_id WHERE d.festival_id = ? ORDER BY u.name, u.id`, f.ID)
	if err != nil {
		return nil, fmt.Errorf("store: door staff of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := []*marquee.DoorStaffMember{}
	for rows.Next() {
		var m marquee.DoorStaffMember
		if err := rows.Scan(&m.UserID, &m.Name, &m.Email, &m.AddedAt); err != nil {
			return nil, fmt.Errorf("store: door staff of festival %d: %w", f.ID, err)
		}
		m.AddedAt = m.AddedAt.UTC()
		out = append(out, &m)
	}
	return out, rows.Err()
}

// AddDoorStaff names the account with email door staff of a managed
// festival (adding someone twice keeps the first).
func (s *TicketService) AddDoorStaff(ctx context.Context, slug, email string) (*marquee.DoorStaffMember, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	email = strings.ToLower(strings.TrimSpace(email))
	if email == "" {
		return nil, marquee.FieldError("email", "E-mail is required")
	}
	var m marquee.DoorStaffMember
	err = s.reader().queryRow(ctx, `SELECT id, name, email FROM users WHERE email = ?`, email).Scan(&m.UserID, &m.Name, &m.Email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.FieldError("email", "No account uses this e-mail address")
	} else if err != nil {
		return nil, fmt.Errorf("store: door staff: find user: %w", err)
	}
	now := s.now()
	err = s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `INSERT INTO festival_door_staff (festival_id, user_id, added_at) VALUES (?, ?, ?)
			ON CONFLICT (festival_id, user_id) DO NOTHING`, f.ID, m.UserID, now)
		if err != nil {
			return fmt.Errorf("store: add door staff %d to festival %d: %w", m.UserID, f.ID, err)
		}
		if err := c.queryRow(ctx, `SELECT added_at FROM festival_door_staff WHERE festival_id = ? AND user_id = ?`, f.ID, m.UserID).Scan(&m.AddedAt); err != nil {
			return fmt.Errorf("store: add door staff %d to festival %d: %w", m.UserID, f.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // named before
		}
		// The account is named by id: its address stays out of the log.
		return recordAudit(ctx, c, now, festivalAudit(f.ID, marquee.AuditDoorStaffAdd, "user", auditTargetID(m.UserID)))
	})
	if err != nil {
		return nil, err
	}
	m.AddedAt = m.AddedAt.UTC()
	return &m, nil
}

// RemoveDoorStaff removes a door staff member of a managed festival.
func (s *TicketService) RemoveDoorStaff(ctx context.Context, slug string, userID int64) error {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `DELETE FROM festival_door_staff WHERE festival_id = ? AND user_id = ?`, f.ID, userID)
		if err != nil {
			return fmt.Errorf("store: remove door staff %d of festival %d: %w", userID, f.ID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.Errorf(marquee.ENotFound, "Door staff member not found")
		}
		return recordAudit(ctx, c, s.now(), festivalAudit(f.ID, marquee.AuditDoorStaffRemove, "user", auditTargetID(userID)))
	})
}

// FestivalScreenings lists an approved festival's scheduled screenings
// that have not ended, in start order.
func (s *TicketService) FestivalScreenings(ctx context.Context, slug string) (*marquee.ScreeningList, error) {
	f, err := loadTicketFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanSeeFestival(marquee.UserFromContext(ctx), &f.Festival) {
		return nil, marquee.ErrFestivalNotFound()
	}
	now := s.now()
	rows, err := s.reader().query(ctx, `SELECT `+screeningColumns+screeningFrom+
		` WHERE sc.festival_id = ? AND sc.status = 'scheduled' AND sc.ends_at > ? ORDER BY sc.starts_at, sc.id`, f.ID, now)
	if err != nil {
		return nil, fmt.Errorf("store: public screenings of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := &marquee.ScreeningList{TimeZone: f.TimeZone, Items: []*marquee.Screening{}}
	for rows.Next() {
		m, err := scanScreening(rows, now, false)
		if err != nil {
			return nil, fmt.Errorf("store: public screenings of festival %d: %w", f.ID, err)
		}
		out.Items = append(out.Items, &m.Screening)
	}
	return out, rows.Err()
}

// Screening returns a screening of an approved festival.
func (s *TicketService) Screening(ctx context.Context, id int64) (*marquee.Screening, error) {
	var status string
	m, err := scanScreening(s.reader().queryRow(ctx, `SELECT `+screeningColumns+`, fe.status`+screeningFrom+` WHERE sc.id = ?`, id), s.now(), false, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrScreeningNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find screening %d: %w", id, err)
	}
	if marquee.FestivalStatus(status) != marquee.FestivalApproved {
		return nil, marquee.ErrScreeningNotFound()
	}
	if err := setPublicTicketTypes(ctx, s.reader(), &m.Screening); err != nil {
		return nil, err
	}
	return &m.Screening, nil
}

// screeningIDText is a screening id as an audit target.
func screeningIDText(id int64) string { return strconv.FormatInt(id, 10) }

// SetCurrency sets the currency a managed festival sells its tickets in,
// and so its screenings' and their types' (prices keep their numbers: the
// organiser sets them again in the new currency's units). Refused once
// any of its orders holds or took money (pending, paid or refunded): its
// orders, earnings and payouts are in the currency it has. The check and
// the change are one transaction that first locks the festival's row, and
// an order's seats are taken under its screening's row, so no order slips
// between them on PostgreSQL; SQLite has one writer.
func (s *TicketService) SetCurrency(ctx context.Context, slug, currency string) (string, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return "", err
	}
	cur, err := marquee.CheckTicketCurrency(currency)
	if err != nil {
		return "", err
	}
	err = s.inTx(ctx, func(c conn) error {
		var prior string
		if err := c.queryRow(ctx, `UPDATE festivals SET ticket_currency = ticket_currency WHERE id = ? RETURNING ticket_currency`, f.ID).Scan(&prior); err != nil {
			return fmt.Errorf("store: currency of festival %d: %w", f.ID, err)
		}
		if prior == cur {
			return nil
		}
		// Lock the screenings, whose rows every order's seats go through.
		if _, err := c.exec(ctx, `UPDATE screenings SET currency = currency WHERE festival_id = ?`, f.ID); err != nil {
			return fmt.Errorf("store: currency of festival %d: screenings: %w", f.ID, err)
		}
		var sold int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM ticket_orders o JOIN screenings sc ON sc.id = o.screening_id
			WHERE sc.festival_id = ? AND o.status IN ('pending', 'paid', 'refunded')`, f.ID).Scan(&sold); err != nil {
			return fmt.Errorf("store: currency of festival %d: orders: %w", f.ID, err)
		}
		if sold > 0 {
			return marquee.ErrCurrencyLocked()
		}
		if _, err := c.exec(ctx, `UPDATE festivals SET ticket_currency = ? WHERE id = ?`, cur, f.ID); err != nil {
			return fmt.Errorf("store: set currency of festival %d: %w", f.ID, err)
		}
		if _, err := c.exec(ctx, `UPDATE screenings SET currency = ? WHERE festival_id = ?`, cur, f.ID); err != nil {
			return fmt.Errorf("store: set currency of festival %d: screenings: %w", f.ID, err)
		}
		e := festivalAudit(f.ID, marquee.AuditFestivalCurrency, "festival", auditTargetID(f.ID))
		e.Before, e.After = auditJSON(map[string]any{"currency": prior}), auditJSON(map[string]any{"currency": cur})
		return recordAudit(ctx, c, s.now(), e)
	})
	if err != nil {
		return "", err
	}
	return cur, nil
}
