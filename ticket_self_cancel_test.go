package marquee

import (
	"testing"
	"time"
)

// TestCancellationRefundFor: each rule's amount, never below zero nor
// above the order; a percentage fee is rounded up against the buyer.
func TestCancellationRefundFor(t *testing.T) {
	for _, c := range []struct {
		p    CancellationPolicy
		in   int64
		want int64
	}{
		{CancellationPolicy{Enabled: true, Refund: CancelRefundFull}, 2400, 2400},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundFixedFee, FeeCents: 300}, 2400, 2100},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundFixedFee, FeeCents: 300}, 200, 0},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundPercentFee, FeePercent: 15}, 1200, 1020},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundPercentFee, FeePercent: 10}, 1001, 900},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundNone}, 2400, 0},
		{CancellationPolicy{Enabled: true, Refund: CancelRefundFull}, 0, 0},
	} {
		if got := c.p.RefundFor(c.in); got != c.want {
			t.Errorf("%+v of %d: %d, want %d", c.p, c.in, got, c.want)
		}
	}
}

// TestCancellationPolicyValidate: the cut-off's range, each rule's fee,
// an unknown rule; a disabled policy is always valid and normalised empty.
func TestCancellationPolicyValidate(t *testing.T) {
	bad := []CancellationPolicy{
		{Enabled: true, CutoffHours: -1, Refund: CancelRefundFull},
		{Enabled: true, CutoffHours: 8761, Refund: CancelRefundFull},
		{Enabled: true, Refund: CancelRefundFixedFee},
		{Enabled: true, Refund: CancelRefundPercentFee, FeePercent: 100},
		{Enabled: true, Refund: "half"},
	}
	for _, p := range bad {
		if ErrorCode(p.Validate()) != EInvalid {
			t.Errorf("%+v accepted", p)
		}
	}
	p := CancellationPolicy{CutoffHours: -5, Refund: "half"}
	p.Normalize()
	if p.Validate() != nil || p != (CancellationPolicy{}) {
		t.Fatalf("disabled: %+v", p)
	}
}

// TestQuoteSelfCancel: allowed before the deadline, refused at it, none
// for an order that is not paid.
func TestQuoteSelfCancel(t *testing.T) {
	starts := time.Date(2026, 3, 15, 19, 0, 0, 0, time.UTC)
	p := CancellationPolicy{Enabled: true, CutoffHours: 48, Refund: CancelRefundFull}
	o := &TicketOrder{Status: OrderPaid, AmountCents: 1000, Screening: &Screening{StartsAt: starts}}
	deadline := starts.Add(-48 * time.Hour)
	if q := QuoteSelfCancel(p, o, deadline.Add(-time.Second)); q == nil || !q.Allowed || !q.Deadline.Equal(deadline) {
		t.Fatalf("before: %+v", q)
	}
	if err := SelfCancelRefusal(p, o, deadline); ErrorCode(err) != EConflict {
		t.Fatalf("at the deadline: %v", err)
	}
	o.Status = OrderPending
	if QuoteSelfCancel(p, o, deadline.Add(-time.Hour)) != nil {
		t.Fatal("a pending order has no quote")
	}
}
