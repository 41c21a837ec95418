package marquee

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// EarningKind says why a festival's earnings moved (festival_earnings.kind).
type EarningKind string

// The kinds of festival earnings rows. Income is positive, everything that
// takes money away from the festival negative.
const (
	EarningEntryFee           EarningKind = "entry_fee"           // a paid entry fee, at the credits' published value (> 0)
	EarningTicket             EarningKind = "ticket"              // a paid ticket order (> 0)
	EarningRefund             EarningKind = "refund"              // a ticket order or an entry fee refunded (< 0)
	EarningWithdrawal         EarningKind = "withdrawal"          // an entry fee given back when the filmmaker withdrew (< 0)
	EarningCommission         EarningKind = "commission"          // the platform's commission on an income row (< 0)
	EarningCommissionReversal EarningKind = "commission_reversal" // the commission given back with a refund or withdrawal (> 0)
	EarningPayout             EarningKind = "payout"              // money paid out to the organiser (< 0)
	EarningPayoutReversal     EarningKind = "payout_reversal"     // a failed payout returned to the balance (> 0)
	EarningAdjustment         EarningKind = "adjustment"          // set by an admin (either sign)
)

// EarningKinds are all kinds, in the order statements list them.
var EarningKinds = []EarningKind{
	EarningEntryFee, EarningTicket, EarningRefund, EarningWithdrawal,
	EarningCommission, EarningCommissionReversal, EarningPayout, EarningPayoutReversal, EarningAdjustment,
}

// Valid reports whether k is a known kind.
func (k EarningKind) Valid() bool {
	for _, v := range EarningKinds {
		if v == k {
			return true
		}
	}
	return false
}

// FestivalEarning is one row of a festival's earnings ledger. Rows are
// never updated or deleted; (Kind, Source) is unique, so appending the
// same row again changes nothing.
type FestivalEarning struct {
	ID         int64       `json:"id"`
	FestivalID int64       `json:"festivalId"`
	Kind       EarningKind `json:"kind"`
	// AmountCents is signed: + moves money to the festival, − away.
	AmountCents int64  `json:"amountCents"`
	Currency    string `json:"currency"`
	// Source names what caused the row: "submission:123",
	// "ticket_order:45", "payout:7" (see the Earning*Source functions).
	Source string `json:"source"`
	// Note is an admin adjustment's reason ("" otherwise).
	Note string `json:"note"`
	// AvailableAt is when the amount may be paid out; until then it is
	// pending.
	AvailableAt time.Time `json:"availableAt"`
	CreatedAt   time.Time `json:"createdAt"`
}

// EarningsBalance is a festival's earnings at a moment: AvailableCents is
// the sum of its rows available by then (what a payout may take),
// PendingCents the sum of the rows not yet available, PaidCents what was
// paid out (payouts less the reversed ones).
type EarningsBalance struct {
	AvailableCents int64 `json:"availableCents"`
	PendingCents   int64 `json:"pendingCents"`
	PaidCents      int64 `json:"paidCents"`
}

// CurrencyBalance is a festival's balance in one currency: a festival has
// one per currency it earned in (its ticket currency; entry fees are in
// US dollars), never summed together.
type CurrencyBalance struct {
	Currency string `json:"currency"`
	EarningsBalance
}

// DefaultEarningsCurrency is the currency of earnings until ticket
// currencies land: everything is priced in US dollars.
const DefaultEarningsCurrency = "usd"

// SubmissionEarningSource is the source of a submission's earnings rows.
func SubmissionEarningSource(id int64) string { return fmt.Sprintf("submission:%d", id) }

// TicketOrderEarningSource is the source of a ticket order's earnings rows.
func TicketOrderEarningSource(id int64) string { return fmt.Sprintf("ticket_order:%d", id) }

// PayoutEarningSource is the source of a payout's earnings rows.
func PayoutEarningSource(id int64) string { return fmt.Sprintf("payout:%d", id) }

// DefaultCommissionBasisPoints is the platform's commission when
// MARQUEE_COMMISSION_PERCENT is not set: 8.5 %, FilmFreeway's.
const DefaultCommissionBasisPoints = 850

// EarningsSettings are the operator's settings of festival earnings.
type EarningsSettings struct {
	// CommissionBasisPoints is the platform's commission on every income
	// row, in hundredths of a percent (850 = 8.5 %), unless an admin set
	// the festival's own (festival_commission_overrides).
	CommissionBasisPoints int
	// CreditValueCents is what a credit spent on an entry fee earns the
	// festival; 0 means the lowest price per credit of the active
	// packages, rounded down to the cent (CreditValueFromPackages).
	CreditValueCents int64
}

// ParseCommissionPercent reads a percentage such as "8.5" or "7" (0 to
// 100, at most two decimals) as basis points.
func ParseCommissionPercent(s string) (int, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || strings.Trim(whole, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(whole) > 3 {
		return 0, Errorf(EInvalid, "Commission must be a percentage between 0 and 100, with at most two decimals")
	}
	w, _ := strconv.Atoi(whole)
	for len(frac) < 2 {
		frac += "0"
	}
	f, _ := strconv.Atoi(frac)
	bp := w*100 + f
	if bp > 10000 {
		return 0, Errorf(EInvalid, "Commission must be a percentage between 0 and 100, with at most two decimals")
	}
	return bp, nil
}

// FormatBasisPoints writes basis points as a percentage without trailing
// zeros: 850 → "8.5", 700 → "7", 1234 → "12.34".
func FormatBasisPoints(bp int) string {
	s := fmt.Sprintf("%d.%02d", bp/100, bp%100)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// CommissionCents is the platform's commission of bp basis points on
// gross cents, rounded half up to the cent (0 for no income).
func CommissionCents(gross int64, bp int) int64 {
	if gross <= 0 || bp <= 0 {
		return 0
	}
	return (gross*int64(bp) + 5000) / 10000
}

// CreditValueFromPackages is the lowest price per credit among the
// packages given as (price cents, credits) pairs, rounded down to the
// cent: what a credit is worth at least to whoever bought it. 0 when
// there is none.
func CreditValueFromPackages(pkgs [][2]int64) int64 {
	best := int64(0)
	for _, p := range pkgs {
		if p[0] <= 0 || p[1] <= 0 {
			continue
		}
		if v := p[0] / p[1]; best == 0 || v < best {
			best = v
		}
	}
	return best
}

// EntryFeeAvailableAt is when a paid entry fee may be paid out: the day
// after the festival's last day (its end date, YYYY-MM-DD, at 00:00 UTC
// the next day): the festival has then judged its entries, and an entry
// can be withdrawn (its fee given back) only while undecided. An entry
// paid later than that is available at once.
func EntryFeeAvailableAt(festivalEndDate string, paidAt time.Time) time.Time {
	end, err := time.Parse(time.DateOnly, festivalEndDate)
	if err != nil {
		return paidAt
	}
	if at := end.AddDate(0, 0, 1); at.After(paidAt) {
		return at
	}
	return paidAt
}

// TicketAvailableAt is when a paid ticket's money may be paid out: once
// its screening has ended (a cancelled screening refunds it before), or
// at once when it was paid after the end.
func TicketAvailableAt(screeningEndsAt, paidAt time.Time) time.Time {
	if screeningEndsAt.After(paidAt) {
		return screeningEndsAt.UTC()
	}
	return paidAt
}

// IncomeEarnings are the rows of one income of gross cents (an entry fee
// or a ticket order, kind and source naming it): the income, and the
// platform's commission of bp basis points on it (no row when it rounds
// to 0), both available at availableAt.
func IncomeEarnings(festivalID int64, kind EarningKind, source string, gross int64, bp int, availableAt, now time.Time) []FestivalEarning {
	if gross <= 0 {
		return nil
	}
	rows := []FestivalEarning{{FestivalID: festivalID, Kind: kind, AmountCents: gross, Currency: DefaultEarningsCurrency,
		Source: source, AvailableAt: availableAt, CreatedAt: now}}
	if c := CommissionCents(gross, bp); c > 0 {
		rows = append(rows, FestivalEarning{FestivalID: festivalID, Kind: EarningCommission, AmountCents: -c,
			Currency: DefaultEarningsCurrency, Source: source, AvailableAt: availableAt, CreatedAt: now})
	}
	return rows
}

// ReversalEarnings are the rows that take back part/whole of an income
// (income and commission are its ledger rows; commission's AmountCents is
// 0 when it had none): a debit of kind (EarningRefund or
// EarningWithdrawal) of the income's share, rounded down, and the same
// share of the commission given back (rounded half up; all of it for the
// whole). Both are available when the income was, or now if later, so a
// refund of money still pending takes it from what is pending.
func ReversalEarnings(kind EarningKind, income, commission FestivalEarning, part, whole int64, now time.Time) []FestivalEarning {
	if income.AmountCents <= 0 || part <= 0 || whole <= 0 {
		return nil
	}
	if part > whole {
		part = whole
	}
	back := income.AmountCents * part / whole
	taken := -commission.AmountCents
	given := taken
	if part < whole {
		given = (taken*part*2 + whole) / (2 * whole)
	}
	at := income.AvailableAt
	if now.After(at) {
		at = now
	}
	var rows []FestivalEarning
	if back > 0 {
		rows = append(rows, FestivalEarning{FestivalID: income.FestivalID, Kind: kind, AmountCents: -back, Currency: income.Currency,
			Source: income.Source, AvailableAt: at, CreatedAt: now})
	}
	if given > 0 {
		rows = append(rows, FestivalEarning{FestivalID: income.FestivalID, Kind: EarningCommissionReversal, AmountCents: given,
			Currency: income.Currency, Source: income.Source, AvailableAt: at, CreatedAt: now})
	}
	return rows
}
