package marquee

import (
	"context"
	"fmt"
	"time"
)

// A payment is settled by the provider's direct answer, the browser's
// confirmation or a webhook. When none of them arrived (the process
// crashed, or its database connection was lost, between the provider's
// answer and the settlement), the worker reconciles: it asks the provider
// for the payment's outcome and settles it through the same path.

// PaymentReconcileAfter is how long a payment may stay unsettled before the
// worker asks its provider for the outcome: a purchase still pending, or a
// ticket order whose payment began and that is not settled (still pending,
// or its hold released meanwhile: expired or cancelled), this long after
// the payment began.
const PaymentReconcileAfter = 15 * time.Minute

// PaymentReconcileLease is how long a node holds an unsettled payment it
// claimed while it asks the provider; a node that dies lets it go when the
// lease ends, and another takes it.
const PaymentReconcileLease = 5 * time.Minute

// msgPaymentNotCompleted is the failure of a payment that the provider
// does not have (nothing was charged) or that was never finished.
const msgPaymentNotCompleted = "Your payment was not completed."

// PaymentLookup names a payment Marquee asked a provider for: by the
// provider's reference when Marquee stored it, else by the purchase or the
// ticket order it pays (which the payment carries in its metadata).
type PaymentLookup struct {
	Reference     string
	PurchaseID    int64
	TicketOrderID int64
}

// ReconcileEvent decides how a payment left unsettled for
// PaymentReconcileAfter settles, from its provider's answer to FindPayment
// (ev, err): the provider's outcome when the payment finished; failed,
// with "Your payment was not completed.", when the provider has no such
// payment (ENotFound: nothing was charged) or it is still unfinished
// (EConflict: the buyer left it; should it succeed later, the provider's
// webhook still settles it, as a late success). The event names q's
// purchase or ticket order. An error means it cannot settle now: the
// provider could not answer (the payment stays as it is, to be asked about
// again), or answered about another payment.
func ReconcileEvent(q PaymentLookup, ev *PaymentEvent, err error) (PaymentEvent, error) {
	var out PaymentEvent
	switch {
	case err == nil && ev != nil:
		out = *ev
	case err == nil, ErrorCode(err) == ENotFound, ErrorCode(err) == EConflict:
		out = PaymentEvent{Type: PaymentFailed, Message: msgPaymentNotCompleted}
	default:
		return PaymentEvent{}, err
	}
	if out.PurchaseID != 0 && out.PurchaseID != q.PurchaseID || out.TicketOrderID != 0 && out.TicketOrderID != q.TicketOrderID ||
		q.Reference != "" && out.Reference != "" && out.Reference != q.Reference {
		return PaymentEvent{}, fmt.Errorf("marquee: reconcile: the provider answered about payment %q (purchase %d, ticket order %d), not %+v",
			out.Reference, out.PurchaseID, out.TicketOrderID, q)
	}
	out.PurchaseID, out.TicketOrderID = q.PurchaseID, q.TicketOrderID
	if out.Reference == "" {
		out.Reference = q.Reference
	}
	if out.Type == PaymentFailed && out.Message == "" {
		out.Message = msgPaymentNotCompleted
	}
	return out, nil
}

// TestPayment is one payment the test mode answered, recorded before it
// answered: what it was for and its outcome.
type TestPayment struct {
	// Reference is the test mode's id of the payment ("test_pi_...").
	Reference     string
	PurchaseID    int64
	TicketOrderID int64
	AmountCents   int64
	// Type is PaymentSucceeded or PaymentFailed; Message a failure's.
	Type      PaymentEventType
	Message   string
	CreatedAt time.Time
}

// TestPayments keeps the test mode's payments in the database, as a card
// provider keeps its own, so that any node, or a restarted one, can say
// what became of a payment (the worker's reconciliation).
type TestPayments interface {
	// Record stores p; the test mode answers only once it is stored.
	Record(ctx context.Context, p TestPayment) error
	// Find returns the payments q names, oldest first: the one with its
	// reference when it has one, else those of its purchase or ticket
	// order. None is an empty list.
	Find(ctx context.Context, q PaymentLookup) ([]TestPayment, error)
}
