package marquee

import (
	"context"
	"strconv"
	"time"
)

// Self-service cancellation (issue 27). The rule is the festival's, one
// for all its screenings: a buyer reads it in one place, and an organiser
// sets it once, as pretix sets it per event. Per screening would let the
// same festival answer two buyers differently for the same kind of ticket.

// CancelRefundRule is what a buyer who cancels their own paid order gets back.
type CancelRefundRule string

// The refund rules: the whole amount, the amount minus a fixed fee or a
// percentage, or nothing (the seats still go back).
const (
	CancelRefundFull       CancelRefundRule = "full"
	CancelRefundFixedFee   CancelRefundRule = "fixed_fee"
	CancelRefundPercentFee CancelRefundRule = "percent_fee"
	CancelRefundNone       CancelRefundRule = "none"
)

// CancelCutoffMaxHours is the longest cut-off an organiser may set (a year).
const CancelCutoffMaxHours = 8760

// SelfCancelLease is how long one cancellation request holds its claim on
// an order while the provider refunds it; a request after it may claim the
// order again (the provider's idempotency key makes it the same refund).
const SelfCancelLease = 2 * time.Minute

// CancellationPolicy is a festival's rule for buyers' own cancellations.
// Enabled false: buyers cannot cancel (paid orders are refunded only by
// an admin or a cancelled screening).
type CancellationPolicy struct {
	Enabled bool `json:"enabled"`
	// CutoffHours is how long before the screening starts cancelling ends.
	CutoffHours int              `json:"cutoffHours"`
	Refund      CancelRefundRule `json:"refund"`
	// FeeCents is the fixed fee kept (fixed_fee), in the order's currency's
	// minor unit; FeePercent the share kept (percent_fee), 0 to 100.
	FeeCents   int64 `json:"feeCents"`
	FeePercent int   `json:"feePercent"`
}

// Normalize clears the fee the rule does not use.
func (p *CancellationPolicy) Normalize() {
	if p.Refund != CancelRefundFixedFee {
		p.FeeCents = 0
	}
	if p.Refund != CancelRefundPercentFee {
		p.FeePercent = 0
	}
	if !p.Enabled {
		*p = CancellationPolicy{}
	}
}

// Validate checks an enabled policy's cut-off, rule and fee.
func (p CancellationPolicy) Validate() error {
	if !p.Enabled {
		return nil
	}
	var f FieldErrors
	if p.CutoffHours < 0 || p.CutoffHours > CancelCutoffMaxHours {
		f.Add("cutoffHours", "Choose a cut-off between 0 and 8760 hours before the screening")
	}
	switch p.Refund {
	case CancelRefundFull, CancelRefundNone:
	case CancelRefundFixedFee:
		if p.FeeCents <= 0 || p.FeeCents > 100_000_00 {
			f.Add("feeCents", "Enter a fee greater than zero")
		}
	case CancelRefundPercentFee:
		if p.FeePercent < 1 || p.FeePercent > 99 {
			f.Add("feePercent", "Enter a percentage between 1 and 99")
		}
	default:
		f.Add("refund", "Choose a refund rule: full, minus a fee, or none")
	}
	return f.Err()
}

// RefundFor is what a cancelled order of amount gets back under p: never
// below zero nor above the amount; a percentage fee is rounded up to the
// minor unit (the buyer never gets more than the rule says).
func (p CancellationPolicy) RefundFor(amount int64) int64 {
	if amount <= 0 {
		return 0
	}
	var back int64
	switch p.Refund {
	case CancelRefundFull:
		back = amount
	case CancelRefundFixedFee:
		back = amount - p.FeeCents
	case CancelRefundPercentFee:
		fee := (amount*int64(p.FeePercent) + 99) / 100
		back = amount - fee
	}
	return min(max(back, 0), amount)
}

// Deadline is the last moment a buyer may cancel for a screening starting at starts.
func (p CancellationPolicy) Deadline(starts time.Time) time.Time {
	return starts.Add(-time.Duration(p.CutoffHours) * time.Hour)
}

// SelfCancelQuote is what the buyer's order page shows: whether they may
// cancel now, until when, and what they would get back.
type SelfCancelQuote struct {
	Allowed     bool               `json:"allowed"`
	Deadline    time.Time          `json:"deadline"`
	RefundCents int64              `json:"refundCents"`
	Rule        CancellationPolicy `json:"rule"`
}

// QuoteSelfCancel applies policy p to order o at now: nil when the order
// cannot be cancelled by its buyer at all (no policy, not paid); Allowed
// false after the cut-off or for a screening that started.
func QuoteSelfCancel(p CancellationPolicy, o *TicketOrder, now time.Time) *SelfCancelQuote {
	if !p.Enabled || o == nil || o.Screening == nil || o.Status != OrderPaid {
		return nil
	}
	d := p.Deadline(o.Screening.StartsAt)
	return &SelfCancelQuote{Allowed: now.Before(d) && now.Before(o.Screening.StartsAt), Deadline: d.UTC(),
		RefundCents: p.RefundFor(o.AmountCents), Rule: p}
}

// SelfCancelRefusal says why order o cannot be cancelled by its buyer at
// now under p (nil when it can).
func SelfCancelRefusal(p CancellationPolicy, o *TicketOrder, now time.Time) error {
	if !p.Enabled {
		return Errorf(EConflict, "This festival does not let buyers cancel their tickets")
	}
	switch o.Status {
	case OrderPaid:
	case OrderRefunded, OrderCancelled:
		return Errorf(EConflict, "This order is already cancelled")
	default:
		return Errorf(EConflict, "Only a paid order can be cancelled")
	}
	if q := QuoteSelfCancel(p, o, now); q == nil || !q.Allowed {
		return ErrSelfCancelClosed(p.CutoffHours)
	}
	return nil
}

// ErrSelfCancelClosed is the refusal after the cut-off.
func ErrSelfCancelClosed(hours int) error {
	return Errorf(EConflict, "Cancelling closed {hours} hours before the screening").With("hours", strconv.Itoa(hours))
}

// ErrSelfCancelRefundUnconfirmed is the answer when the provider did not
// confirm a buyer's refund: the order is still paid, and trying again asks
// again for the same refund.
func ErrSelfCancelRefundUnconfirmed() error {
	return Errorf(EUnavailable, "The payment provider has not confirmed the refund, and your tickets are still valid: please try again")
}

// ErrSelfCancelInProgress is the answer to a second cancellation while the
// first is still being refunded.
func ErrSelfCancelInProgress() error {
	return Errorf(EConflict, "This order is already being cancelled")
}

// TicketSelfService is the buyer's cancellation and the organiser's rule for it.
type TicketSelfService interface {
	// CancellationPolicy returns a managed festival's rule.
	CancellationPolicy(ctx context.Context, slug string) (*CancellationPolicy, error)
	// SetCancellationPolicy sets a managed festival's rule.
	SetCancellationPolicy(ctx context.Context, slug string, p CancellationPolicy) (*CancellationPolicy, error)
	// SelfCancelOrder cancels the signed-in buyer's paid order under its
	// festival's rule, exactly once however many requests race: the
	// refund through the provider, the seats back, the voucher's use
	// back, the tickets invalid, the ledger's refund rows, an e-mail.
	SelfCancelOrder(ctx context.Context, id int64) (*TicketOrder, error)
}
