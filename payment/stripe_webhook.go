package payment

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/marquee-festival/marquee"
)

// ParseWebhook verifies a Stripe webhook's Stripe-Signature header against
// its body with the webhook secret (stripe-go's webhook package, with its
// default tolerance of 300 seconds for the signature's timestamp, and
// events of any API version accepted) and returns its event:
//
//   - payment_intent.succeeded and payment_intent.payment_failed (with
//     Stripe's message from last_payment_error): the PaymentIntent;
//   - charge.refunded: the charge's PaymentIntent and amount, once the
//     charge is wholly refunded (a partial refund, made in Stripe's
//     dashboard, is left to an admin: (nil, nil));
//   - any other type: (nil, nil).
//
// The purchase id comes from the object's metadata (0 when absent). A
// missing, forged or stale signature, or an empty webhook secret, is
// EUnauthorized; a signed body that is not an event Marquee can read is
// EInvalid.
func (s *Stripe) ParseWebhook(payload []byte, signature string) (*marquee.PaymentEvent, error) {
	if s.cfg.WebhookSecret == "" {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	}
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	switch {
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader),
		errors.Is(err, webhook.ErrNoValidSignature), errors.Is(err, webhook.ErrTooOld):
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	case err != nil:
		return nil, invalidWebhook(err)
	case ev.Data == nil || len(ev.Data.Raw) == 0:
		return nil, invalidWebhook(errors.New("no data.object"))
	}
	switch marquee.PaymentEventType(ev.Type) {
	case marquee.PaymentSucceeded, marquee.PaymentFailed:
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil || pi.ID == "" {
			return nil, invalidWebhook(fmt.Errorf("event %s: payment intent: %v", ev.ID, err))
		}
		out := &marquee.PaymentEvent{ID: ev.ID, Type: marquee.PaymentEventType(ev.Type), Reference: pi.ID,
			PurchaseID:    metadataPurchase(pi.Metadata, 0),
			TicketOrderID: metadataTicketOrder(pi.Metadata), AmountCents: pi.Amount}
		if out.Type == marquee.PaymentFailed {
			out.Message = failureMessage(pi.LastPaymentError)
		}
		return out, nil
	case marquee.PaymentRefunded:
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil || ch.ID == "" {
			return nil, invalidWebhook(fmt.Errorf("event %s: charge: %v", ev.ID, err))
		}
		if ch.PaymentIntent == nil || ch.PaymentIntent.ID == "" || !ch.Refunded {
			// Not a PaymentIntent's charge (Marquee makes no others), or
			// refunded only in part.
			return nil, nil
		}
		return &marquee.PaymentEvent{ID: ev.ID, Type: marquee.PaymentRefunded, Reference: ch.PaymentIntent.ID,
			PurchaseID:    metadataPurchase(ch.Metadata, 0),
			TicketOrderID: metadataTicketOrder(ch.Metadata), AmountCents: ch.Amount}, nil
	}
	return nil, nil
}

// invalidWebhook is the answer to a correctly signed body Marquee cannot
// read; cause stays in the error chain for the log.
func invalidWebhook(cause error) error {
	return fmt.Errorf("stripe webhook: %w: %w", cause, marquee.Errorf(marquee.EInvalid, "The webhook is not a Stripe event Marquee can read"))
}
