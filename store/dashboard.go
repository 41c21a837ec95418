package store

import (
	"context"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// dayLayout is the key of a dashboard_days row: a UTC calendar date.
const dayLayout = "2006-01-02"

// dayKey returns the dashboard_days key of the day t falls on (UTC).
func dayKey(t time.Time) string { return t.UTC().Format(dayLayout) }

// dayDelta is a change to one dashboard_days row.
type dayDelta struct {
	Signups, Purchases, IncomeCents, Subscribers int64
	// Submissions entered (the installation's figures, analytics_figures.go).
	Submissions int64
}

// addDashboardDay adds d to the dashboard_days row of day, creating it.
// Every write that changes a dashboard figure calls it in its own
// transaction, so the rollup always equals the counts over the tables.
func addDashboardDay(ctx context.Context, c conn, day string, d dayDelta) error {
	_, err := c.exec(ctx, `INSERT INTO dashboard_days (day, signups, purchases, income_cents, subscribers, submissions)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (day) DO UPDATE SET signups = dashboard_days.signups + excluded.signups,
			purchases = dashboard_days.purchases + excluded.purchases,
			income_cents = dashboard_days.income_cents + excluded.income_cents,
			subscribers = dashboard_days.subscribers + excluded.subscribers,
			submissions = dashboard_days.submissions + excluded.submissions`,
		day, d.Signups, d.Purchases, d.IncomeCents, d.Subscribers, d.Submissions)
	if err != nil {
		return fmt.Errorf("store: dashboard rollup of %s: %w", day, err)
	}
	return nil
}

// Dashboard returns the admin dashboard's figures: user totals and real
// sign-ups for each of the last twelve calendar months (UTC), oldest first;
// Total Subscriptions (users with at least one succeeded purchase), Total
// Transactions (succeeded purchases) and Total Income (the money kept:
// what every succeeded or refunded purchase paid, less what refunds
// returned; a refund returns only the unspent share, refund.go).
// IncomeByMonth gives each of the same twelve months the money kept of
// the purchases settled in it: a refund is taken from the month the
// purchase was paid in. Ticket orders are counted apart, per currency
// (dashboard_ticket_days): the paid orders with a price, on the month they
// were paid in, a refunded one taken back; TicketOrders,
// TicketIncomeCents and TicketIncomeByMonth are the US dollar ones (beside
// the credits' dollars), TicketIncomeByCurrency every currency's totals.
// Admin only.
//
// The figures come from dashboard_days, the per-day rollup every sign-up,
// settlement and refund updates in its own transaction: one read of at
// most a row per day since the first event (about 550 rows after the
// 18-month seed), never a count over the users or purchases themselves.
func (db *UserService) Dashboard(ctx context.Context) (*marquee.DashboardSummary, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	now := db.now()
	this := monthStart(now)
	first := this.AddDate(0, -11, 0)
	s := &marquee.DashboardSummary{SignupsByMonth: make([]marquee.MonthlyCount, 12), IncomeByMonth: make([]marquee.MonthlyAmount, 12),
		TicketIncomeByMonth: make([]marquee.MonthlyAmount, 12)}
	index := map[string]int{}
	for i := range 12 {
		month := first.AddDate(0, i, 0).Format("2006-01")
		index[month] = i
		s.SignupsByMonth[i] = marquee.MonthlyCount{Month: month, Users: 0}
		s.IncomeByMonth[i] = marquee.MonthlyAmount{Month: month, AmountCents: 0}
		s.TicketIncomeByMonth[i] = marquee.MonthlyAmount{Month: month, AmountCents: 0}
	}
	// Totals over every day, and the twelve months grouped from their days.
	err := db.reader().queryRow(ctx, `SELECT CAST(COALESCE(SUM(signups), 0) AS BIGINT), CAST(COALESCE(SUM(purchases), 0) AS BIGINT),
		CAST(COALESCE(SUM(income_cents), 0) AS BIGINT), CAST(COALESCE(SUM(subscribers), 0) AS BIGINT) FROM dashboard_days`).
		Scan(&s.TotalUsers, &s.TotalTransactions, &s.TotalIncomeCents, &s.TotalSubscriptions)
	if err != nil {
		return nil, fmt.Errorf("store: dashboard totals: %w", err)
	}
	rows, err := db.reader().query(ctx, `SELECT substr(day, 1, 7), CAST(SUM(signups) AS BIGINT), CAST(SUM(income_cents) AS BIGINT)
		FROM dashboard_days WHERE day >= ? GROUP BY substr(day, 1, 7)`, dayKey(first))
	if err != nil {
		return nil, fmt.Errorf("store: dashboard months: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var month string
		var signups, income int64
		if err := rows.Scan(&month, &signups, &income); err != nil {
			return nil, fmt.Errorf("store: dashboard months: %w", err)
		}
		if i, ok := index[month]; ok {
			s.SignupsByMonth[i].Users = signups
			s.IncomeByMonth[i].AmountCents = income
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: dashboard months: %w", err)
	}
	s.UsersThisMonth = s.SignupsByMonth[11].Users
	if err := dashboardTickets(ctx, db.reader(), s, first, index); err != nil {
		return nil, err
	}
	if err := festivalEarningsTotals(ctx, db.service, s); err != nil {
		return nil, err
	}
	return s, nil
}

// rollupSettled records in dashboard_days a purchase of amount cents by
// userID that succeeded at now: on now's day one more transaction, its
// income, and one more subscriber if it is the user's only succeeded
// purchase. Call it after the buyer's row is locked, so that concurrent
// settlements of one buyer count the subscriber once.
func rollupSettled(ctx context.Context, c conn, now time.Time, userID, amount int64) error {
	d := dayDelta{Purchases: 1, IncomeCents: amount}
	n, err := succeededPurchases(ctx, c, userID)
	if err != nil {
		return err
	}
	if n == 1 {
		d.Subscribers = 1
	}
	return addDashboardDay(ctx, c, dayKey(now), d)
}

// rollupRefunded takes back a refunded purchase (settled at settled) from
// dashboard_days: its transaction and the refundedCents returned leave the
// day it settled on (a partial refund keeps the rest as income); if the
// buyer has no succeeded purchase left, one subscriber fewer on now's day.
// Call it after the buyer's row is locked.
func rollupRefunded(ctx context.Context, c conn, now, settled time.Time, userID, refundedCents int64) error {
	if err := addDashboardDay(ctx, c, dayKey(settled), dayDelta{Purchases: -1, IncomeCents: -refundedCents}); err != nil {
		return err
	}
	n, err := succeededPurchases(ctx, c, userID)
	if err != nil || n > 0 {
		return err
	}
	return addDashboardDay(ctx, c, dayKey(now), dayDelta{Subscribers: -1})
}

// succeededPurchases counts userID's succeeded purchases (a few rows of
// purchases_user_created).
func succeededPurchases(ctx context.Context, c conn, userID int64) (int64, error) {
	var n int64
	if err := c.queryRow(ctx, `SELECT COUNT(*) FROM purchases WHERE user_id = ? AND status = 'succeeded'`, userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count purchases of user %d: %w", userID, err)
	}
	return n, nil
}

// dashboardTickets fills s's ticket figures from dashboard_ticket_days:
// every currency's totals, and the US dollar ones (totals and the twelve
// months from first, placed by index) beside the credits'.
func dashboardTickets(ctx context.Context, c conn, s *marquee.DashboardSummary, first time.Time, index map[string]int) error {
	s.TicketIncomeByCurrency = []marquee.CurrencyIncome{}
	rows, err := c.query(ctx, `SELECT currency, CAST(SUM(orders) AS BIGINT), CAST(SUM(income_cents) AS BIGINT) FROM dashboard_ticket_days
		GROUP BY currency HAVING SUM(orders) <> 0 OR SUM(income_cents) <> 0 ORDER BY currency`)
	if err != nil {
		return fmt.Errorf("store: dashboard ticket currencies: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ci marquee.CurrencyIncome
		if err := rows.Scan(&ci.Currency, &ci.Orders, &ci.AmountCents); err != nil {
			return fmt.Errorf("store: dashboard ticket currencies: %w", err)
		}
		if ci.Currency == marquee.DefaultTicketCurrency {
			s.TicketOrders, s.TicketIncomeCents = ci.Orders, ci.AmountCents
		}
		s.TicketIncomeByCurrency = append(s.TicketIncomeByCurrency, ci)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: dashboard ticket currencies: %w", err)
	}
	months, err := c.query(ctx, `SELECT substr(day, 1, 7), CAST(SUM(income_cents) AS BIGINT) FROM dashboard_ticket_days
		WHERE day >= ? AND currency = ? GROUP BY substr(day, 1, 7)`, dayKey(first), marquee.DefaultTicketCurrency)
	if err != nil {
		return fmt.Errorf("store: dashboard ticket months: %w", err)
	}
	defer months.Close()
	for months.Next() {
		var month string
		var cents int64
		if err := months.Scan(&month, &cents); err != nil {
			return fmt.Errorf("store: dashboard ticket months: %w", err)
		}
		if i, ok := index[month]; ok {
			s.TicketIncomeByMonth[i].AmountCents = cents
		}
	}
	return months.Err()
}

// addTicketDay adds orders and cents to the dashboard_ticket_days row of
// ticket order id's currency on the day paidAt falls on.
func addTicketDay(ctx context.Context, c conn, id int64, paidAt time.Time, orders, cents int64) error {
	_, err := c.exec(ctx, `INSERT INTO dashboard_ticket_days (day, currency, orders, income_cents)
		SELECT ?, currency, ?, ? FROM ticket_orders WHERE id = ?
		ON CONFLICT (day, currency) DO UPDATE SET orders = dashboard_ticket_days.orders + excluded.orders,
			income_cents = dashboard_ticket_days.income_cents + excluded.income_cents`, dayKey(paidAt), orders, cents, id)
	if err != nil {
		return fmt.Errorf("store: dashboard ticket rollup of order %d: %w", id, err)
	}
	return nil
}

// rollupTicketPaid records in dashboard_ticket_days ticket order id of
// amount (in its currency's minor unit) paid at paidAt (nothing for a
// free one).
func rollupTicketPaid(ctx context.Context, c conn, id int64, paidAt time.Time, amount int64) error {
	if amount <= 0 {
		return nil
	}
	return addTicketDay(ctx, c, id, paidAt, 1, amount)
}

// rollupTicketRefunded takes refunded ticket order id of amount, paid at
// paidAt, back from the day it was paid on, in its currency.
func rollupTicketRefunded(ctx context.Context, c conn, id int64, paidAt time.Time, amount int64) error {
	if amount <= 0 {
		return nil
	}
	return addTicketDay(ctx, c, id, paidAt, -1, -amount)
}
