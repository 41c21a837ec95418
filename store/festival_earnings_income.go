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

// The credits and debits of festivals' earnings, each called in the
// transaction that makes the money move: an entry paid (Submit), a
// ticket order paid (payHeld, settlePaid), a fee given back (Withdraw),
// a ticket order refunded (recordRefund). Each appends through
// appendFestivalEarnings, so a replayed settlement credits nothing twice.

// festivalCommission returns festival id's commission in basis points:
// its override when an admin set one (overridden true), else the
// platform's.
func (s service) festivalCommission(ctx context.Context, c conn, id int64) (bp int, overridden bool, err error) {
	err = c.queryRow(ctx, `SELECT basis_points FROM festival_commission_overrides WHERE festival_id = ?`, id).Scan(&bp)
	if errors.Is(err, sql.ErrNoRows) {
		return s.earnings.CommissionBasisPoints, false, nil
	} else if err != nil {
		return 0, false, fmt.Errorf("store: commission of festival %d: %w", id, err)
	}
	return bp, true, nil
}

// creditValue returns the cents a credit spent on an entry fee earns: the
// setting, else the lowest price per credit of the active packages (of
// all packages when none is active).
func (s service) creditValue(ctx context.Context, c conn) (int64, error) {
	if s.earnings.CreditValueCents > 0 {
		return s.earnings.CreditValueCents, nil
	}
	rows, err := c.query(ctx, `SELECT price_cents, credits, active FROM packages`)
	if err != nil {
		return 0, fmt.Errorf("store: credit value: %w", err)
	}
	defer rows.Close()
	var active, all [][2]int64
	for rows.Next() {
		var p [2]int64
		var on int64
		if err := rows.Scan(&p[0], &p[1], &on); err != nil {
			return 0, fmt.Errorf("store: credit value: %w", err)
		}
		all = append(all, p)
		if on != 0 {
			active = append(active, p)
		}
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: credit value: %w", err)
	}
	if v := marquee.CreditValueFromPackages(active); v > 0 {
		return v, nil
	}
	return marquee.CreditValueFromPackages(all), nil
}

// creditEntryFees credits festival festivalID with the entry fees of
// paid (submission id → credits paid), at the credits' value, less the
// commission, available after the festival's end (EntryFeeAvailableAt).
func (s service) creditEntryFees(ctx context.Context, c conn, festivalID int64, paid map[int64]int64, now time.Time) error {
	if len(paid) == 0 {
		return nil
	}
	var end string
	if err := c.queryRow(ctx, `SELECT end_date FROM festivals WHERE id = ?`, festivalID).Scan(&end); err != nil {
		return fmt.Errorf("store: entry fee earnings: festival %d: %w", festivalID, err)
	}
	bp, _, err := s.festivalCommission(ctx, c, festivalID)
	if err != nil {
		return err
	}
	value, err := s.creditValue(ctx, c)
	if err != nil {
		return err
	}
	at := marquee.EntryFeeAvailableAt(end, now)
	var rows []marquee.FestivalEarning
	for id, credits := range paid {
		rows = append(rows, marquee.IncomeEarnings(festivalID, marquee.EarningEntryFee, marquee.SubmissionEarningSource(id), credits*value, bp, at, now)...)
	}
	_, err = appendFestivalEarnings(ctx, c, rows...)
	return err
}

// creditTicketOrder credits the festival of paid ticket order id with its
// amount less the commission, available when its screening ends.
func (s service) creditTicketOrder(ctx context.Context, c conn, id int64, now time.Time) error {
	var festival, amount int64
	var ends time.Time
	var currency string
	err := c.queryRow(ctx, `SELECT s.festival_id, o.amount_cents, o.currency, s.ends_at FROM ticket_orders o JOIN screenings s ON s.id = o.screening_id WHERE o.id = ?`, id).
		Scan(&festival, &amount, &currency, &ends)
	if err != nil {
		return fmt.Errorf("store: ticket earnings: order %d: %w", id, err)
	}
	if amount <= 0 {
		return nil
	}
	bp, _, err := s.festivalCommission(ctx, c, festival)
	if err != nil {
		return err
	}
	// In the order's currency (its festival's when it was sold).
	rows := marquee.IncomeEarnings(festival, marquee.EarningTicket, marquee.TicketOrderEarningSource(id),
		amount, bp, marquee.TicketAvailableAt(ends, now), now)
	for i := range rows {
		rows[i].Currency = strings.ToLower(currency)
	}
	_, err = appendFestivalEarnings(ctx, c, rows...)
	return err
}

// reverseIncome takes back part/whole of the income of kind incomeKind
// recorded under source (its income and commission rows), as rows of
// kind (refund or withdrawal) and commission_reversal. An income earned
// before the ledger existed (no row) takes nothing back.
func reverseIncome(ctx context.Context, c conn, incomeKind, kind marquee.EarningKind, source string, part, whole int64, now time.Time) error {
	rows, err := c.query(ctx, `SELECT festival_id, kind, amount_cents, currency, available_at FROM festival_earnings
		WHERE source = ? AND kind IN (?, ?)`, source, string(incomeKind), string(marquee.EarningCommission))
	if err != nil {
		return fmt.Errorf("store: reverse earnings of %s: %w", source, err)
	}
	defer rows.Close()
	var income, commission marquee.FestivalEarning
	for rows.Next() {
		var r marquee.FestivalEarning
		var k string
		if err := rows.Scan(&r.FestivalID, &k, &r.AmountCents, &r.Currency, &r.AvailableAt); err != nil {
			return fmt.Errorf("store: reverse earnings of %s: %w", source, err)
		}
		r.Kind, r.Source = marquee.EarningKind(k), source
		if r.Kind == incomeKind {
			income = r
		} else {
			commission = r
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: reverse earnings of %s: %w", source, err)
	}
	rows.Close()
	if income.FestivalID == 0 {
		return nil
	}
	_, err = appendFestivalEarnings(ctx, c, marquee.ReversalEarnings(kind, income, commission, part, whole, now)...)
	return err
}
