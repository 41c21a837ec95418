package marquee

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// EarningsStatement is a festival's earnings in one calendar month (UTC):
// the balance it opened with, the month's income by source, refunds and
// withdrawals, commission (less what refunds gave back), payouts and
// adjustments, the balance it closed with, and the month's rows. Closing
// is always Opening plus the month's rows (BuildEarningsStatement).
type EarningsStatement struct {
	Month        string `json:"month"` // YYYY-MM
	Currency     string `json:"currency"`
	OpeningCents int64  `json:"openingCents"`
	// Income by source.
	EntryFeeCents int64 `json:"entryFeeCents"`
	EntryFees     int   `json:"entryFees"`
	TicketCents   int64 `json:"ticketCents"`
	TicketOrders  int   `json:"ticketOrders"`
	// RefundCents and WithdrawalCents are negative (money taken back).
	RefundCents     int64 `json:"refundCents"`
	WithdrawalCents int64 `json:"withdrawalCents"`
	// CommissionCents is the commission net of reversals (negative).
	CommissionCents int64 `json:"commissionCents"`
	// PayoutCents is the payouts net of reversals (negative).
	PayoutCents     int64              `json:"payoutCents"`
	AdjustmentCents int64              `json:"adjustmentCents"`
	ClosingCents    int64              `json:"closingCents"`
	Rows            []*FestivalEarning `json:"rows"`
}

// BuildEarningsStatement sums the month's rows (created in month, oldest
// first) onto opening, the sum of every row before the month.
func BuildEarningsStatement(month string, opening int64, rows []*FestivalEarning) *EarningsStatement {
	s := &EarningsStatement{Month: month, Currency: DefaultEarningsCurrency, OpeningCents: opening, Rows: rows}
	if s.Rows == nil {
		s.Rows = []*FestivalEarning{}
	}
	total := opening
	for _, r := range rows {
		total += r.AmountCents
		switch r.Kind {
		case EarningEntryFee:
			s.EntryFeeCents += r.AmountCents
			s.EntryFees++
		case EarningTicket:
			s.TicketCents += r.AmountCents
			s.TicketOrders++
		case EarningRefund:
			s.RefundCents += r.AmountCents
		case EarningWithdrawal:
			s.WithdrawalCents += r.AmountCents
		case EarningCommission, EarningCommissionReversal:
			s.CommissionCents += r.AmountCents
		case EarningPayout, EarningPayoutReversal:
			s.PayoutCents += r.AmountCents
		case EarningAdjustment:
			s.AdjustmentCents += r.AmountCents
		}
	}
	s.ClosingCents = total
	return s
}

// ParseStatementMonth reads a month "YYYY-MM" (empty: now's month, UTC)
// and returns its first instant and the next month's.
func ParseStatementMonth(month string, now time.Time) (string, time.Time, time.Time, error) {
	month = strings.TrimSpace(month)
	if month == "" {
		month = now.UTC().Format("2006-01")
	}
	start, err := time.Parse("2006-01", month)
	if err != nil {
		return "", time.Time{}, time.Time{}, Errorf(EInvalid, "Month must be written as YYYY-MM")
	}
	return month, start, start.AddDate(0, 1, 0), nil
}

// FestivalEarningsReport is what the earnings page shows: the festival's
// balance now, the settings its amounts were counted with (the credits'
// published value, the commission), the months that have rows (newest
// first) and the statement of the month asked for.
type FestivalEarningsReport struct {
	FestivalID   int64  `json:"festivalId"`
	FestivalSlug string `json:"festivalSlug"`
	FestivalName string `json:"festivalName"`
	// Currency is the statement's and Balance's: one of Currencies, the
	// festival's ticket currency first, then any other it has rows in.
	Currency   string   `json:"currency"`
	Currencies []string `json:"currencies"`
	// Balance is at the moment of the report, in Currency.
	Balance EarningsBalance `json:"balance"`
	// Balances are every currency's balance (one per currency with rows).
	Balances []CurrencyBalance `json:"balances"`
	// CreditValueCents is what one credit spent on an entry fee earns
	// the festival (before commission).
	CreditValueCents int64 `json:"creditValueCents"`
	// CommissionPercent is the festival's commission ("8.5");
	// CommissionOverridden says an admin set it for this festival.
	CommissionPercent    string            `json:"commissionPercent"`
	CommissionOverridden bool              `json:"commissionOverridden"`
	Months               []string          `json:"months"`
	Statement            EarningsStatement `json:"statement"`
	// TaxData is the festival's payout account's tax data (legal name,
	// address, country, tax id), nil when it has no payout account;
	// statements (page, CSV, PDF) show it.
	TaxData     *PayoutTaxData `json:"taxData"`
	GeneratedAt time.Time      `json:"generatedAt"`
}

// CommissionOverride is a festival's own commission, set by an admin.
type CommissionOverride struct {
	FestivalID        int64     `json:"festivalId"`
	FestivalSlug      string    `json:"festivalSlug"`
	FestivalName      string    `json:"festivalName"`
	CommissionPercent string    `json:"commissionPercent"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// CommissionOverrideList is the admins' list of overrides with the
// platform's commission beside them.
type CommissionOverrideList struct {
	DefaultPercent string                `json:"defaultPercent"`
	Items          []*CommissionOverride `json:"items"`
}

// SetCommission is an admin's request to set a festival's commission.
type SetCommission struct {
	Percent string `json:"percent"`
}

// EarningsService answers festivals' earnings and the admins' commission
// settings. Money is credited and debited by the services that make it
// move (submissions, tickets, payouts), never through this interface.
type EarningsService interface {
	// FestivalEarnings answers the earnings page of the festival with
	// slug, with the statement of month ("YYYY-MM", "" for this month),
	// to its organiser and admins (ErrFestivalNotFound to anyone else).
	FestivalEarnings(ctx context.Context, slug, month, currency string) (*FestivalEarningsReport, error)
	// CommissionOverrides lists the festivals with their own commission (admins).
	CommissionOverrides(ctx context.Context) (*CommissionOverrideList, error)
	// SetCommissionOverride sets the festival's commission (admins, audited).
	SetCommissionOverride(ctx context.Context, slug string, req SetCommission) (*CommissionOverride, error)
	// ClearCommissionOverride returns the festival to the platform's
	// commission (admins, audited); a festival without one is ENotFound.
	ClearCommissionOverride(ctx context.Context, slug string) error
}

// ErrCommissionOverrideNotFound answers clearing a festival's commission
// when an admin never set one.
func ErrCommissionOverrideNotFound() error {
	return Errorf(ENotFound, "This festival has no commission of its own")
}

// StatementCSV is the report's statement as the rows of a CSV file: the
// month with the festival, currency, the credits' value and commission
// counted with; the payout account's tax data when the festival has an
// account; the statement's lines (opening, income by source,
// refunds, withdrawals, commission, payouts, adjustments, closing); then
// every row of the month. Amounts are in cents; column names are the
// file's fixed vocabulary, like the analytics downloads'.
func StatementCSV(rep *FestivalEarningsReport) [][]string {
	i64 := func(n int64) string { return strconv.FormatInt(n, 10) }
	st := &rep.Statement
	out := [][]string{
		{"month", "festival", "currency", "credit_value_cents", "commission_percent"},
		{st.Month, rep.FestivalName, st.Currency, i64(rep.CreditValueCents), rep.CommissionPercent},
		{},
	}
	if d := rep.TaxData; d != nil {
		out = append(out, []string{"legal_name", "address", "country", "tax_id"}, []string{d.LegalName, d.Address, d.Country, d.TaxID}, []string{})
	}
	out = append(out, [][]string{
		{"line", "count", "amount_cents"},
		{"opening_balance", "", i64(st.OpeningCents)},
		{"entry_fees", strconv.Itoa(st.EntryFees), i64(st.EntryFeeCents)},
		{"tickets", strconv.Itoa(st.TicketOrders), i64(st.TicketCents)},
		{"refunds", "", i64(st.RefundCents)},
		{"withdrawals", "", i64(st.WithdrawalCents)},
		{"commission", "", i64(st.CommissionCents)},
		{"payouts", "", i64(st.PayoutCents)},
		{"adjustments", "", i64(st.AdjustmentCents)},
		{"closing_balance", "", i64(st.ClosingCents)},
		{},
		{"created_at", "kind", "source", "amount_cents", "currency", "available_at"},
	}...)
	for _, r := range st.Rows {
		out = append(out, []string{r.CreatedAt.UTC().Format(time.RFC3339), string(r.Kind), r.Source, i64(r.AmountCents), r.Currency, r.AvailableAt.UTC().Format(time.RFC3339)})
	}
	return out
}

// StatementCurrency picks the currency of a festival's statement: asked
// ("" is the festival's ticket currency, festivalCurrency), which must be
// a ticket currency or one the festival has a balance in. It returns the
// currencies the statement may be read in, the festival's first.
func StatementCurrency(asked, festivalCurrency string, balances []CurrencyBalance) (string, []string, error) {
	list := []string{festivalCurrency}
	for _, b := range balances {
		if b.Currency != festivalCurrency {
			list = append(list, b.Currency)
		}
	}
	asked = strings.ToLower(strings.TrimSpace(asked))
	if asked == "" {
		return festivalCurrency, list, nil
	}
	for _, c := range list {
		if c == asked {
			return c, list, nil
		}
	}
	if _, ok := FindTicketCurrency(asked); ok {
		return asked, list, nil
	}
	return "", nil, FieldError("currency", "Choose a supported currency: USD, EUR, JPY or CNY")
}
