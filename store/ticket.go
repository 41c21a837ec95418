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

// TicketOptions configure the ticket service's e-mails.
type TicketOptions struct {
	// ComposeConfirmation writes an order's confirmation with its tickets;
	// nil sends none.
	ComposeConfirmation marquee.ComposeTicketMail
	// ComposeCancellation writes the notice of a cancelled screening to
	// each buyer; nil sends none.
	ComposeCancellation marquee.ComposeTicketMail
	// MailStatus is the outbox status of its e-mails (MailKept by default).
	MailStatus marquee.MailStatus
	// ComposeSelfCancel writes the confirmation of a buyer's own
	// cancellation with the amount refunded; nil sends none.
	ComposeSelfCancel marquee.ComposeTicketMail
	// ComposeWaitlistOffer writes the e-mail offering held seats to the
	// next person on a waiting list; nil sends none (the offer stands).
	ComposeWaitlistOffer marquee.ComposeWaitlistOffer
	// WaitlistOfferFor is how long an offer holds its seats
	// (marquee.DefaultWaitlistOfferFor when zero).
	WaitlistOfferFor time.Duration
	// ComposeGuestWaitlist writes the e-mail a visitor confirms their
	// place on a waiting list with; nil sends none.
	ComposeGuestWaitlist marquee.ComposeGuestWaitlistMail
}

// TicketService implements marquee.TicketService: screenings
// (ticket_screening.go), orders and their payment (ticket_order.go,
// ticket_settle.go), check-in at the door (ticket_checkin.go) and the
// buyer's tickets (ticket_list.go).
//
// A seat is taken by one conditional UPDATE of the screening's counters
// (sold + held + n <= capacity) in the order's transaction, on every node
// alike; every later change of an order is guarded by its old status, so
// its seats move exactly once and its tickets are issued once (a unique
// (order_id, position) row backs the guard).
type TicketService struct {
	service
	provider marquee.PaymentProvider
	opts     TicketOptions
}

var _ marquee.TicketService = (*TicketService)(nil)

// ticketFestival is a festival as the ticket service needs it.
type ticketFestival struct {
	marquee.Festival
	// TimeZone is the festival's zone: the one its organiser chose
	// (ZoneChosen), else the default of its country and city.
	TimeZone   string
	ZoneChosen bool
	// Currency is the festival's ticket currency (marquee.TicketCurrencies).
	Currency string
}

// location returns the festival's time zone (UTC when unreadable).
func (f *ticketFestival) location() *time.Location {
	return marquee.ZoneLocation(f.TimeZone)
}

// loadTicketFestival reads the festival with slug.
func loadTicketFestival(ctx context.Context, c conn, slug string) (*ticketFestival, error) {
	var f ticketFestival
	var chosen string
	err := c.queryRow(ctx, `SELECT id, slug, name, organiser_id, status, time_zone, country, city, ticket_currency FROM festivals WHERE slug = ?`,
		strings.TrimSpace(slug)).Scan(&f.ID, &f.Slug, &f.Name, &f.OrganiserID, &f.Status, &chosen, &f.Country, &f.City, &f.Currency)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: tickets: find festival %q: %w", slug, err)
	}
	f.TimeZone, f.ZoneChosen = marquee.FestivalTimeZone(chosen, f.Country, f.City), chosen != ""
	return &f, nil
}

// managedTickets returns the festival with slug to its organiser or an
// admin; to anyone else it does not exist.
func (s *TicketService) managed(ctx context.Context, slug string) (*ticketFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadTicketFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanManageFestival(u, &f.Festival) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

// door returns the festival with slug to those who may check tickets in:
// its organiser, the admins and its door staff.
func (s *TicketService) door(ctx context.Context, slug string) (*ticketFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadTicketFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	staff := false
	if !marquee.CanManageFestival(u, &f.Festival) {
		var one int
		err := s.reader().queryRow(ctx, `SELECT 1 FROM festival_door_staff WHERE festival_id = ? AND user_id = ?`, f.ID, u.ID).Scan(&one)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("store: tickets: door staff of festival %d: %w", f.ID, err)
		}
		staff = err == nil
	}
	if !marquee.CanCheckIn(u, &f.Festival, staff) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

// screeningColumns are the columns scanScreening reads, from screeningFrom.
const screeningColumns = `sc.id, sc.festival_id, fe.slug, fe.name, sc.title, sc.submission_id, sc.venue,
	sc.starts_at, sc.ends_at, fe.time_zone, fe.country, fe.city, sc.capacity, sc.sold, sc.held, sc.price_cents, sc.currency,
	sc.sales_start_at, sc.sales_end_at, sc.status, sc.cancelled_at, sc.attendee_names`

// screeningFrom joins a screening's festival.
const screeningFrom = ` FROM screenings sc JOIN festivals fe ON fe.id = sc.festival_id`

// managedFigures are the organiser's figures of screening sc.
const managedFigures = `, (SELECT COUNT(*) FROM tickets t WHERE t.screening_id = sc.id AND t.checked_in_at IS NOT NULL),
	(SELECT COALESCE(SUM(o.amount_cents), 0) FROM ticket_orders o WHERE o.screening_id = sc.id AND o.status = 'paid')`

type scanner interface{ Scan(...any) error }

// scanScreening reads screeningColumns (and, with figures, managedFigures)
// into a managed screening whose public figures are set for now.
func scanScreening(row scanner, now time.Time, figures bool, extra ...any) (*marquee.ManagedScreening, error) {
	var m marquee.ManagedScreening
	var sub sql.NullInt64
	var cancelled sql.NullTime
	var status, zone, country, city string
	dst := []any{&m.ID, &m.FestivalID, &m.FestivalSlug, &m.FestivalName, &m.Title, &sub, &m.Venue,
		&m.StartsAt, &m.EndsAt, &zone, &country, &city, &m.Capacity, &m.Sold, &m.Held, &m.PriceCents, &m.Currency,
		&m.SalesStartAt, &m.SalesEndAt, &status, &cancelled, &m.AttendeeNames}
	if figures {
		dst = append(dst, &m.CheckedIn, &m.IncomeCents)
	}
	dst = append(dst, extra...)
	if err := row.Scan(dst...); err != nil {
		return nil, err
	}
	m.Status = marquee.ScreeningStatus(status)
	m.TimeZone = marquee.FestivalTimeZone(zone, country, city)
	if sub.Valid {
		v := sub.Int64
		m.SubmissionID = &v
	}
	if cancelled.Valid {
		t := cancelled.Time.UTC()
		m.CancelledAt = &t
	}
	for _, t := range []*time.Time{&m.StartsAt, &m.EndsAt, &m.SalesStartAt, &m.SalesEndAt} {
		*t = t.UTC()
	}
	m.SetFigures(m.Sold, m.Held, now)
	m.SetLocal(marquee.ZoneLocation(m.TimeZone))
	return &m, nil
}

// loadScreening reads screening id through c; ENotFound when missing.
func loadScreening(ctx context.Context, c conn, id int64, now time.Time, figures bool) (*marquee.ManagedScreening, error) {
	q := `SELECT ` + screeningColumns
	if figures {
		q += managedFigures
	}
	m, err := scanScreening(c.queryRow(ctx, q+screeningFrom+` WHERE sc.id = ?`, id), now, figures)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrScreeningNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find screening %d: %w", id, err)
	}
	return m, nil
}

// queueTicketMail queues compose(o) through c (in the change's
// transaction), when there is a composer.
func (s *TicketService) queueTicketMail(ctx context.Context, c conn, compose marquee.ComposeTicketMail, o *marquee.TicketOrder, now time.Time) error {
	if compose == nil {
		return nil
	}
	m := compose(o)
	m.Status = mailStatusOr(s.opts.MailStatus)
	if err := insertMail(ctx, c, &m, now); err != nil {
		return fmt.Errorf("store: queue %s mail of ticket order %d: %w", m.Kind, o.ID, err)
	}
	return nil
}
