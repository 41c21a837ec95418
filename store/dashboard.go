package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// Dashboard returns the admin dashboard's figures: user totals and real
// sign-ups for each of the last twelve calendar months (UTC), oldest first;
// Total Subscriptions (users with at least one succeeded purchase), Total
// Transactions (succeeded purchases) and Total Income (their amounts). A
// refunded purchase is no longer succeeded, so income is "succeeded less
// refunded". IncomeByMonth gives each of the same twelve months the
// amounts of the purchases settled in it that are still succeeded: a
// refund removes its purchase from the month the purchase was paid in.
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
	// The same for the income of each month: index range sums over
	// purchases_status_settled.
	for i := range 12 {
		from := first.AddDate(0, i, 0)
		cols = append(cols, "(SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM purchases WHERE status = 'succeeded' AND settled_at >= ? AND settled_at < ?)")
		args = append(args, from, from.AddDate(0, 1, 0))
	}
	cols = append(cols,
		"(SELECT COUNT(DISTINCT user_id) FROM purchases WHERE status = 'succeeded')",
		"(SELECT COUNT(*) FROM purchases WHERE status = 'succeeded')",
		"(SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM purchases WHERE status = 'succeeded')")
	counts := make([]int64, len(cols))
	dest := make([]any, len(cols))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := db.reader().queryRow(ctx, `SELECT `+strings.Join(cols, ", "), args...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("store: dashboard counts: %w", err)
	}
	s := &marquee.DashboardSummary{SignupsByMonth: make([]marquee.MonthlyCount, 12), IncomeByMonth: make([]marquee.MonthlyAmount, 12)}
	for i := range 12 {
		month := first.AddDate(0, i, 0).Format("2006-01")
		s.SignupsByMonth[i] = marquee.MonthlyCount{Month: month, Users: counts[i]}
		s.IncomeByMonth[i] = marquee.MonthlyAmount{Month: month, AmountCents: counts[13+i]}
	}
	s.UsersThisMonth = counts[11]
	s.TotalUsers = counts[12]
	s.TotalSubscriptions, s.TotalTransactions, s.TotalIncomeCents = counts[25], counts[26], counts[27]
	return s, nil
}
