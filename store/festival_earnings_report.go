package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// EarningsService answers festivals' earnings (the organiser's page and
// statements) and the admins' commission overrides.
type EarningsService struct {
	service
}

// earningsFestival is the festival an earnings request is about.
type earningsFestival struct {
	ID          int64
	Slug, Name  string
	OrganiserID int64
	Status      string
	// Currency is the festival's ticket currency.
	Currency string
}

// managedEarnings returns the festival with slug to its organiser or an
// admin; to anyone else it does not exist.
func (s *EarningsService) managedEarnings(ctx context.Context, slug string) (*earningsFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadEarningsFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanManageFestival(u, &marquee.Festival{ID: f.ID, OrganiserID: f.OrganiserID, Status: marquee.FestivalStatus(f.Status)}) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

func loadEarningsFestival(ctx context.Context, c conn, slug string) (*earningsFestival, error) {
	var f earningsFestival
	err := c.queryRow(ctx, `SELECT id, slug, name, organiser_id, status, ticket_currency FROM festivals WHERE slug = ?`, strings.TrimSpace(slug)).
		Scan(&f.ID, &f.Slug, &f.Name, &f.OrganiserID, &f.Status, &f.Currency)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: earnings: find festival %q: %w", slug, err)
	}
	return &f, nil
}

// FestivalEarnings answers the earnings page of the festival with slug:
// its balance now, the credit value and commission it is counted with,
// the months with rows and month's statement (opening balance, the
// month's rows oldest first, their sums), all in currency ("" is the
// festival's ticket currency; the balances of every currency it has
// rows in are beside it, never summed). One read transaction-free pass
// on the reader: the rows are append-only, so the statement's closing
// balance is its opening plus its rows whatever is appended meanwhile.
func (s *EarningsService) FestivalEarnings(ctx context.Context, slug, month, currency string) (*marquee.FestivalEarningsReport, error) {
	f, err := s.managedEarnings(ctx, slug)
	if err != nil {
		return nil, err
	}
	now := s.now()
	month, start, end, err := marquee.ParseStatementMonth(month, now)
	if err != nil {
		return nil, err
	}
	r := s.reader()
	rep := &marquee.FestivalEarningsReport{FestivalID: f.ID, FestivalSlug: f.Slug, FestivalName: f.Name,
		GeneratedAt: now, Months: []string{}}
	if rep.Balances, err = festivalEarningsBalances(ctx, r, f.ID, now); err != nil {
		return nil, err
	}
	if rep.Currency, rep.Currencies, err = marquee.StatementCurrency(currency, f.Currency, rep.Balances); err != nil {
		return nil, err
	}
	if rep.Balance, err = festivalEarningsBalance(ctx, r, f.ID, rep.Currency, now); err != nil {
		return nil, err
	}
	if rep.CreditValueCents, err = s.creditValue(ctx, r); err != nil {
		return nil, err
	}
	bp, overridden, err := s.festivalCommission(ctx, r, f.ID)
	if err != nil {
		return nil, err
	}
	rep.CommissionPercent, rep.CommissionOverridden = marquee.FormatBasisPoints(bp), overridden
	acct, err := payoutAccount(ctx, r, f.ID)
	if err != nil {
		return nil, err
	}
	if acct != nil {
		d := acct.PayoutTaxData
		rep.TaxData = &d
	}
	months, err := r.query(ctx, `SELECT created_at FROM festival_earnings WHERE festival_id = ? AND currency = ? ORDER BY created_at DESC`, f.ID, rep.Currency)
	if err != nil {
		return nil, fmt.Errorf("store: earnings months of festival %d: %w", f.ID, err)
	}
	seen := map[string]bool{month: true}
	rep.Months = append(rep.Months, month)
	for months.Next() {
		var at time.Time
		if err := months.Scan(&at); err != nil {
			months.Close()
			return nil, fmt.Errorf("store: earnings months of festival %d: %w", f.ID, err)
		}
		if m := at.UTC().Format("2006-01"); !seen[m] {
			seen[m] = true
			rep.Months = append(rep.Months, m)
		}
	}
	if err := months.Err(); err != nil {
		months.Close()
		return nil, fmt.Errorf("store: earnings months of festival %d: %w", f.ID, err)
	}
	months.Close()
	slices.Sort(rep.Months)
	slices.Reverse(rep.Months)
	var opening int64
	if err := r.queryRow(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM festival_earnings WHERE festival_id = ? AND currency = ? AND created_at < ?`, f.ID, rep.Currency, start).Scan(&opening); err != nil {
		return nil, fmt.Errorf("store: earnings opening of festival %d: %w", f.ID, err)
	}
	rows, err := r.query(ctx, `SELECT id, festival_id, kind, amount_cents, currency, source, note, available_at, created_at FROM festival_earnings
		WHERE festival_id = ? AND currency = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, id`, f.ID, rep.Currency, start, end)
	if err != nil {
		return nil, fmt.Errorf("store: earnings of festival %d in %s: %w", f.ID, month, err)
	}
	defer rows.Close()
	var list []*marquee.FestivalEarning
	for rows.Next() {
		var e marquee.FestivalEarning
		var kind string
		if err := rows.Scan(&e.ID, &e.FestivalID, &kind, &e.AmountCents, &e.Currency, &e.Source, &e.Note, &e.AvailableAt, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: earnings of festival %d in %s: %w", f.ID, month, err)
		}
		e.Kind = marquee.EarningKind(kind)
		e.AvailableAt, e.CreatedAt = e.AvailableAt.UTC(), e.CreatedAt.UTC()
		list = append(list, &e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: earnings of festival %d in %s: %w", f.ID, month, err)
	}
	rep.Statement = *marquee.BuildEarningsStatement(month, opening, list)
	rep.Statement.Currency = rep.Currency
	return rep, nil
}

// festivalEarningsTotals fills the admin dashboard's platform revenue
// (commission less its reversals) and festivals' earnings net of it
// (before payouts), over every festival, in US dollars (the dashboard's
// currency: other currencies are never added in; they are on each
// festival's statements).
func festivalEarningsTotals(ctx context.Context, s service, d *marquee.DashboardSummary) error {
	err := s.reader().queryRow(ctx, `SELECT
			COALESCE(-SUM(CASE WHEN kind IN ('commission', 'commission_reversal') THEN amount_cents ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN kind IN ('payout', 'payout_reversal') THEN 0 ELSE amount_cents END), 0)
		FROM festival_earnings WHERE currency = 'usd'`).Scan(&d.CommissionCents, &d.FestivalEarningsCents)
	if err != nil {
		return fmt.Errorf("store: dashboard: festival earnings: %w", err)
	}
	d.CreditValueCents, err = s.creditValue(ctx, s.reader())
	return err
}
