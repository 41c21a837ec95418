package store

import (
	"context"
	"time"

	"github.com/marquee-festival/marquee"
)

// AppendFestivalEarningsForTest appends rows as the services do
// (appendFestivalEarnings, in one transaction) and returns how many it
// appended.
func (db *DB) AppendFestivalEarningsForTest(ctx context.Context, rows ...marquee.FestivalEarning) (int, error) {
	var n int
	err := db.inTx(ctx, func(c conn) error {
		var err error
		n, err = appendFestivalEarnings(ctx, c, rows...)
		return err
	})
	return n, err
}

// FestivalEarningsBalanceForTest is festivalEarningsBalance in US dollars
// on the reader.
func (db *DB) FestivalEarningsBalanceForTest(ctx context.Context, festivalID int64, now time.Time) (marquee.EarningsBalance, error) {
	return festivalEarningsBalance(ctx, db.reader(), festivalID, marquee.DefaultEarningsCurrency, now)
}

// FestivalEarningsBalancesForTest is festivalEarningsBalances on the reader.
func (db *DB) FestivalEarningsBalancesForTest(ctx context.Context, festivalID int64, now time.Time) ([]marquee.CurrencyBalance, error) {
	return festivalEarningsBalances(ctx, db.reader(), festivalID, now)
}
