package marquee

import (
	"fmt"
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

// DefaultEarningsCurrency is the currency of earnings until ticket
// currencies land: everything is priced in US dollars.
const DefaultEarningsCurrency = "usd"

// SubmissionEarningSource is the source of a submission's earnings rows.
func SubmissionEarningSource(id int64) string { return fmt.Sprintf("submission:%d", id) }

// TicketOrderEarningSource is the source of a ticket order's earnings rows.
func TicketOrderEarningSource(id int64) string { return fmt.Sprintf("ticket_order:%d", id) }

// PayoutEarningSource is the source of a payout's earnings rows.
func PayoutEarningSource(id int64) string { return fmt.Sprintf("payout:%d", id) }
