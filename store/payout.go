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

// PayoutReconcileAfter is how long a payout may stay pending before the
// worker asks the provider about it (its transfer call was lost: a crash,
// a timeout); the same idempotency key then pays at most once.
const PayoutReconcileAfter = 15 * time.Minute

// PayoutOptions configure the payout service.
type PayoutOptions struct {
	// Provider opens accounts and makes transfers (Stripe Connect, or the
	// test mode); nil refuses every payout call (EUnavailable).
	Provider marquee.PayoutProvider
	// Settings are the schedule day and the minimum (zero values:
	// marquee.DefaultPayoutSettings).
	Settings marquee.PayoutSettings
	// PublicURL is the site's address, where the provider's onboarding
	// sends the organiser back to.
	PublicURL string
}

// PayoutService implements marquee.PayoutService (payout_*.go).
type PayoutService struct {
	service
	opts PayoutOptions
}

var _ marquee.PayoutService = (*PayoutService)(nil)

func newPayoutService(base service, opts PayoutOptions) *PayoutService {
	if opts.Settings.ScheduleDay == 0 {
		opts.Settings.ScheduleDay = marquee.DefaultPayoutSettings.ScheduleDay
	}
	if opts.Settings.MinimumCents == 0 {
		opts.Settings.MinimumCents = marquee.DefaultPayoutSettings.MinimumCents
	}
	return &PayoutService{service: base, opts: opts}
}

// configured refuses calls when no provider is set.
func (s *PayoutService) configured() error {
	if s.opts.Provider == nil {
		return marquee.Errorf(marquee.EUnavailable, "Payouts are not configured")
	}
	return nil
}

// payoutFestival is the festival a payout call is about.
type payoutFestival struct {
	ID    int64
	Slug  string
	Name  string
	Email string // the organiser's
}

// managedPayoutFestival finds festival slug if the signed-in user may
// manage it (its organiser or an admin); to anyone else it does not exist.
func (s *PayoutService) managedPayoutFestival(ctx context.Context, slug string) (*payoutFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, organiser, err := s.payoutFestivalBySlug(ctx, slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanManageFestival(u, &marquee.Festival{ID: f.ID, OrganiserID: organiser}) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

func (s *PayoutService) payoutFestivalBySlug(ctx context.Context, slug string) (*payoutFestival, int64, error) {
	var f payoutFestival
	var organiser int64
	err := s.reader().queryRow(ctx, `SELECT f.id, f.slug, f.name, f.organiser_id, u.email FROM festivals f JOIN users u ON u.id = f.organiser_id
		WHERE f.slug = ?`, strings.TrimSpace(slug)).Scan(&f.ID, &f.Slug, &f.Name, &organiser, &f.Email)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, marquee.ErrFestivalNotFound()
	}
	if err != nil {
		return nil, 0, fmt.Errorf("store: payout festival %q: %w", slug, err)
	}
	return &f, organiser, nil
}

const payoutAccountColumns = `festival_id, provider, reference, status, legal_name, address, country, tax_id, created_at, updated_at`

func scanPayoutAccount(row interface{ Scan(...any) error }) (*marquee.PayoutAccount, error) {
	var a marquee.PayoutAccount
	var status string
	if err := row.Scan(&a.FestivalID, &a.Provider, &a.Reference, &status, &a.LegalName, &a.Address, &a.Country, &a.TaxID,
		&a.CreatedAt, &a.UpdatedAt); err != nil {
		return nil, err
	}
	a.Status, a.CreatedAt, a.UpdatedAt = marquee.PayoutAccountStatus(status), a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return &a, nil
}

// payoutAccount returns the festival's account, nil when it has none.
func payoutAccount(ctx context.Context, c conn, festivalID int64) (*marquee.PayoutAccount, error) {
	a, err := scanPayoutAccount(c.queryRow(ctx, `SELECT `+payoutAccountColumns+` FROM payout_accounts WHERE festival_id = ?`, festivalID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: payout account of festival %d: %w", festivalID, err)
	}
	return a, nil
}

const payoutColumns = `p.id, p.festival_id, f.slug, f.name, p.amount_cents, p.currency, p.status, p.trigger_kind, p.period, p.provider,
	p.account, p.transfer, p.failure_message, p.retry_payout_id, p.created_at, p.settled_at`

const payoutFrom = ` FROM payouts p JOIN festivals f ON f.id = p.festival_id`

func scanPayout(row interface{ Scan(...any) error }) (*marquee.Payout, error) {
	var p marquee.Payout
	var status, trigger string
	var settled sql.NullTime
	if err := row.Scan(&p.ID, &p.FestivalID, &p.FestivalSlug, &p.FestivalName, &p.AmountCents, &p.Currency, &status, &trigger, &p.Period,
		&p.Provider, &p.Account, &p.Transfer, &p.FailureMessage, &p.RetriedBy, &p.CreatedAt, &settled); err != nil {
		return nil, err
	}
	p.Status, p.Trigger, p.CreatedAt = marquee.PayoutStatus(status), marquee.PayoutTrigger(trigger), p.CreatedAt.UTC()
	if settled.Valid {
		t := settled.Time.UTC()
		p.SettledAt = &t
	}
	return &p, nil
}

// payoutByID returns payout id (ENotFound: none).
func payoutByID(ctx context.Context, c conn, id int64) (*marquee.Payout, error) {
	p, err := scanPayout(c.queryRow(ctx, `SELECT `+payoutColumns+payoutFrom+` WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "The payout was not found")
	}
	if err != nil {
		return nil, fmt.Errorf("store: payout %d: %w", id, err)
	}
	return p, nil
}
