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
// Admin only.
func (db *UserService) Dashboard(ctx context.Context) (*marquee.DashboardSummary, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	now := db.now()
	this := monthStart(now)
	first := this.AddDate(0, -11, 0)

	// One round trip of index range counts: each month's count reads only
	// that month's entries of users_created_at, never the table itself.
	var cols []string
	args := []any{}
	for i := range 12 {
		from := first.AddDate(0, i, 0)
		cols = append(cols, "(SELECT COUNT(*) FROM users WHERE created_at >= ? AND created_at < ?)")
		args = append(args, from, from.AddDate(0, 1, 0))
	}
	cols = append(cols, "(SELECT COUNT(*) FROM users)")
	counts := make([]int64, 13)
	dest := make([]any, 13)
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := db.reader().queryRow(ctx, `SELECT `+strings.Join(cols, ", "), args...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("store: dashboard counts: %w", err)
	}
	s := &marquee.DashboardSummary{SignupsByMonth: make([]marquee.MonthlyCount, 12)}
	for i := range 12 {
		s.SignupsByMonth[i] = marquee.MonthlyCount{Month: first.AddDate(0, i, 0).Format("2006-01"), Users: counts[i]}
	}
	s.UsersThisMonth = counts[11]
	s.TotalUsers = counts[12]
	return s, nil
}
