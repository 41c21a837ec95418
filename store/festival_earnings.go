package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// This file is the only code of the store that writes festival_earnings:
// every credit and debit of a festival's earnings (entry fees, tickets,
// refunds, withdrawals, commission, payouts) goes through
// appendFestivalEarnings in the transaction that causes it.

// appendFestivalEarnings appends rows to the festivals' earnings ledger in
// c, the caller's transaction. It is idempotent by (kind, source): a row
// whose kind and source the ledger already holds is skipped (never a
// second credit or debit), so a settlement replayed by a webhook or a
// second node appends nothing. It returns how many rows it appended. A row
// of 0 cents, an unknown kind or an empty source is refused before any
// row is written; a currency left empty is DefaultEarningsCurrency.
func appendFestivalEarnings(ctx context.Context, c conn, rows ...marquee.FestivalEarning) (int, error) {
	for _, r := range rows {
		switch {
		case r.AmountCents == 0:
			return 0, fmt.Errorf("store: festival earnings: row %s %q of 0 cents", r.Kind, r.Source)
		case !r.Kind.Valid():
			return 0, fmt.Errorf("store: festival earnings: unknown kind %q", r.Kind)
		case strings.TrimSpace(r.Source) == "":
			return 0, fmt.Errorf("store: festival earnings: %s row without a source", r.Kind)
		case r.FestivalID == 0 || r.CreatedAt.IsZero() || r.AvailableAt.IsZero():
			return 0, fmt.Errorf("store: festival earnings: %s %q without a festival or its times", r.Kind, r.Source)
		}
	}
	appended := 0
	for _, r := range rows {
		cur := r.Currency
		if cur == "" {
			cur = marquee.DefaultEarningsCurrency
		}
		res, err := c.exec(ctx, `INSERT INTO festival_earnings (festival_id, kind, amount_cents, currency, source, note, available_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, source) DO NOTHING`,
			r.FestivalID, string(r.Kind), r.AmountCents, cur, r.Source, r.Note, r.AvailableAt.UTC(), r.CreatedAt.UTC())
		if err != nil {
			return appended, fmt.Errorf("store: festival earnings: append %s %q of festival %d: %w", r.Kind, r.Source, r.FestivalID, err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return appended, fmt.Errorf("store: festival earnings: append %s %q: %w", r.Kind, r.Source, err)
		} else if n > 0 {
			appended++
		}
	}
	return appended, nil
}

// festivalEarningsBalance sums festival festivalID's earnings in currency
// at now: available is the sum of the rows with available_at <= now,
// pending the sum of the rest, paid the payouts less the reversed ones
// (−(payout + payout_reversal)). Amounts of different currencies are
// never summed. c may be the reader or a transaction (a payout reads the
// balance in the transaction that appends it).
func festivalEarningsBalance(ctx context.Context, c conn, festivalID int64, currency string, now time.Time) (marquee.EarningsBalance, error) {
	var b marquee.EarningsBalance
	err := c.queryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN available_at <= ? THEN amount_cents ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN available_at > ? THEN amount_cents ELSE 0 END), 0),
			COALESCE(-SUM(CASE WHEN kind IN ('payout', 'payout_reversal') THEN amount_cents ELSE 0 END), 0)
		FROM festival_earnings WHERE festival_id = ? AND currency = ?`, now.UTC(), now.UTC(), festivalID, currency).
		Scan(&b.AvailableCents, &b.PendingCents, &b.PaidCents)
	if err != nil {
		return b, fmt.Errorf("store: festival earnings: %s balance of festival %d: %w", currency, festivalID, err)
	}
	return b, nil
}

// festivalEarningsBalances are festival festivalID's balances at now, one
// per currency it has rows in, by currency code.
func festivalEarningsBalances(ctx context.Context, c conn, festivalID int64, now time.Time) ([]marquee.CurrencyBalance, error) {
	rows, err := c.query(ctx, `SELECT currency,
			COALESCE(SUM(CASE WHEN available_at <= ? THEN amount_cents ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN available_at > ? THEN amount_cents ELSE 0 END), 0),
			COALESCE(-SUM(CASE WHEN kind IN ('payout', 'payout_reversal') THEN amount_cents ELSE 0 END), 0)
		FROM festival_earnings WHERE festival_id = ? GROUP BY currency ORDER BY currency`, now.UTC(), now.UTC(), festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: festival earnings: balances of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []marquee.CurrencyBalance{}
	for rows.Next() {
		var b marquee.CurrencyBalance
		if err := rows.Scan(&b.Currency, &b.AvailableCents, &b.PendingCents, &b.PaidCents); err != nil {
			return nil, fmt.Errorf("store: festival earnings: balances of festival %d: %w", festivalID, err)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}
