package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// Dashboard returns the admin dashboard's figures: user totals and real
// sign-ups for each of the last twelve calendar months (UTC), oldest first.
// Subscriptions, transactions and income stay zero until payments exist.
func (db *DB) Dashboard(ctx context.Context) (*marquee.DashboardSummary, error) {
	now := db.now()
	this := monthStart(now)
	first := this.AddDate(0, -11, 0)

	// One pass over the users of the last twelve months, counted per month
	// with portable range comparisons (the users_created_at index bounds it).
	var cols []string
	args := []any{}
	for i := range 12 {
		from := first.AddDate(0, i, 0)
		cols = append(cols, "COALESCE(SUM(CASE WHEN created_at >= ? AND created_at < ? THEN 1 ELSE 0 END), 0)")
		args = append(args, from, from.AddDate(0, 1, 0))
	}
	args = append(args, first)
	counts := make([]int64, 12)
	dest := make([]any, 12)
	for i := range counts {
		dest[i] = &counts[i]
	}
	q := `SELECT ` + strings.Join(cols, ", ") + ` FROM users WHERE created_at >= ?`
	if err := db.reader().queryRow(ctx, q, args...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("store: dashboard sign-ups: %w", err)
	}
	s := &marquee.DashboardSummary{SignupsByMonth: make([]marquee.MonthlyCount, 12)}
	for i := range 12 {
		s.SignupsByMonth[i] = marquee.MonthlyCount{Month: first.AddDate(0, i, 0).Format("2006-01"), Users: counts[i]}
	}
	s.UsersThisMonth = counts[11]
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&s.TotalUsers); err != nil {
		return nil, fmt.Errorf("store: dashboard users: %w", err)
	}
	return s, nil
}
