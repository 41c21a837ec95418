package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/stripe/stripe-go/v85"

	"github.com/marquee-festival/marquee"
)

// metadataPurchaseID is the PaymentIntent metadata key naming the purchase.
const metadataPurchaseID = "purchase_id"

// metadataTicketOrderID is the PaymentIntent metadata key naming the
// ticket order a payment is for.
const metadataTicketOrderID = "ticket_order_id"

// StripeConfig configures the Stripe provider.
type StripeConfig struct {
	// SecretKey is the API secret key (sk_...), MARQUEE_STRIPE_SECRET_KEY.
	SecretKey string
	// PublishableKey is the browser's key (pk_...) for Stripe Elements,
	// MARQUEE_STRIPE_PUBLISHABLE_KEY.
	PublishableKey string
	// WebhookSecret is the webhook endpoint's signing secret (whsec_...),
	// MARQUEE_STRIPE_WEBHOOK_SECRET; empty refuses every webhook.
	WebhookSecret string
	// APIBase is the API's address, MARQUEE_STRIPE_API_BASE; "" is
	// Stripe's own (tests point it at stripe-mock).
	APIBase string
	// HTTPClient makes the API calls; nil is stripe-go's default client.
	HTTPClient *http.Client
}

// Stripe takes payments with Stripe PaymentIntents: the server creates the
// PaymentIntent, the browser confirms it with Stripe Elements (or an API
// client gives a PaymentMethod id and the server confirms it at once), and
// Stripe's webhooks report the outcome.
type Stripe struct {
	cfg    StripeConfig
	client *stripe.Client
}

var _ marquee.PaymentProvider = (*Stripe)(nil)

// NewStripe returns the Stripe provider for cfg. stripe-go logs nothing:
// its errors are returned, with context, to the caller.
func NewStripe(cfg StripeConfig) *Stripe {
	bc := &stripe.BackendConfig{
		HTTPClient:    cfg.HTTPClient,
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if cfg.APIBase != "" {
		bc.URL = stripe.String(strings.TrimRight(cfg.APIBase, "/"))
	}
	client := stripe.NewClient(cfg.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))
	return &Stripe{cfg: cfg, client: client}
}

// Name is marquee.ProviderStripe.
func (*Stripe) Name() string { return marquee.ProviderStripe }

// Config gives the front end the publishable key for Stripe Elements.
func (s *Stripe) Config() marquee.PaymentConfig {
	return marquee.PaymentConfig{Provider: marquee.ProviderStripe, PublishableKey: s.cfg.PublishableKey}
}

// CreatePayment creates a card PaymentIntent for req.AmountCents in
// req.Currency, with req.IdempotencyKey and the purchase id in its
// metadata. With a PaymentMethod id it confirms the payment at once: the
// result then carries its outcome (a card Stripe refuses is a failed event
// with Stripe's message), or, when the card needs the buyer (3-D Secure),
// the client secret. Without one the browser confirms the payment with the
// client secret. A card number is refused: with Stripe, cards go to
// Stripe, never through Marquee.
func (s *Stripe) CreatePayment(ctx context.Context, req marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	if req.Card != nil {
		return nil, marquee.FieldError("card", "Card numbers are not accepted with Stripe; use the card form")
	}
	currency := strings.ToLower(req.Currency)
	if currency == "" {
		currency = marquee.Currency
	}
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(req.AmountCents),
		Currency:           stripe.String(currency),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
	}
	if req.TicketOrderID != 0 {
		params.AddMetadata(metadataTicketOrderID, strconv.FormatInt(req.TicketOrderID, 10))
	} else {
		params.AddMetadata(metadataPurchaseID, strconv.FormatInt(req.PurchaseID, 10))
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	if pm := strings.TrimSpace(req.PaymentMethod); pm != "" {
		params.PaymentMethod = stripe.String(pm)
		params.Confirm = stripe.Bool(true)
	}
	pi, err := s.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		switch {
		case errors.As(err, &se) && se.Type == stripe.ErrorTypeCard && se.PaymentIntent != nil && se.PaymentIntent.ID != "":
			// The card was refused while confirming: a failed payment,
			// not an error.
			return &marquee.PaymentResult{
				Reference: se.PaymentIntent.ID,
				Event: &marquee.PaymentEvent{
					Type:          marquee.PaymentFailed,
					Reference:     se.PaymentIntent.ID,
					PurchaseID:    req.PurchaseID,
					TicketOrderID: req.TicketOrderID,
					AmountCents:   req.AmountCents,
					Message:       failureMessage(se),
				},
			}, nil
		case errors.As(err, &se) && se.Type == stripe.ErrorTypeCard:
			return nil, &marquee.Error{Code: marquee.EInvalid, Message: failureMessage(se)}
		case errors.As(err, &se) && se.Type == stripe.ErrorTypeInvalidRequest && se.Param == "payment_method":
			return nil, marquee.FieldError("paymentMethodId", "Payment method is not valid")
		}
		return nil, fmt.Errorf("stripe: create the payment intent of purchase %d: %w", req.PurchaseID, err)
	}
	ev := intentEvent(pi, req.PurchaseID)
	if ev != nil && ev.TicketOrderID == 0 && req.TicketOrderID != 0 {
		ev.PurchaseID, ev.TicketOrderID = 0, req.TicketOrderID
	}
	res := &marquee.PaymentResult{Reference: pi.ID, Event: ev}
	if res.Event == nil {
		res.ClientSecret = pi.ClientSecret
	}
	return res, nil
}

// Payment retrieves the PaymentIntent reference and reports its outcome:
// a succeeded or failed event, EConflict while the payment is still in
// progress (the buyer has not finished, or the bank is processing it), and
// ENotFound for a PaymentIntent Stripe does not know.
func (s *Stripe) Payment(ctx context.Context, reference string) (*marquee.PaymentEvent, error) {
	if reference == "" {
		return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
	}
	pi, err := s.client.V1PaymentIntents.Retrieve(ctx, reference, nil)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && (se.HTTPStatusCode == http.StatusNotFound || se.Code == stripe.ErrorCodeResourceMissing) {
			return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
		}
		return nil, fmt.Errorf("stripe: retrieve payment intent %s: %w", reference, err)
	}
	ev := intentEvent(pi, 0)
	if ev == nil {
		return nil, marquee.Errorf(marquee.EConflict, "The payment is not finished yet")
	}
	return ev, nil
}

// FindPayment reports the outcome of the PaymentIntent q names: the one
// with its reference (as Payment does), else the one whose metadata names
// its purchase or ticket order, found with Stripe's search (which may lag
// new payments by a minute: the worker asks only after
// marquee.PaymentReconcileAfter). A succeeded intent wins over a failed
// one; EConflict while one is unfinished, ENotFound when there is none.
func (s *Stripe) FindPayment(ctx context.Context, q marquee.PaymentLookup) (*marquee.PaymentEvent, error) {
	if q.Reference != "" {
		ev, err := s.Payment(ctx, q.Reference)
		if ev != nil && ev.PurchaseID == 0 && ev.TicketOrderID == 0 {
			ev.PurchaseID, ev.TicketOrderID = q.PurchaseID, q.TicketOrderID
		}
		return ev, err
	}
	key, id := metadataPurchaseID, q.PurchaseID
	if q.TicketOrderID != 0 {
		key, id = metadataTicketOrderID, q.TicketOrderID
	}
	if id <= 0 {
		return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
	}
	params := &stripe.PaymentIntentSearchParams{}
	params.Query = fmt.Sprintf("metadata['%s']:'%d'", key, id)
	var failed *marquee.PaymentEvent
	unfinished := false
	for pi, err := range s.client.V1PaymentIntents.Search(ctx, params).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("stripe: search the payment intents of %s %d: %w", key, id, err)
		}
		if pi.Metadata[key] != strconv.FormatInt(id, 10) {
			continue // not this payment's (the search matched it loosely)
		}
		ev := intentEvent(pi, q.PurchaseID)
		switch {
		case ev == nil:
			unfinished = true
		case ev.Type == marquee.PaymentSucceeded:
			return ev, nil
		case failed == nil:
			failed = ev
		}
	}
	switch {
	case unfinished:
		return nil, marquee.Errorf(marquee.EConflict, "The payment is not finished yet")
	case failed != nil:
		return failed, nil
	}
	return nil, marquee.Errorf(marquee.ENotFound, "The payment was not found")
}

// Refund refunds amountCents of the PaymentIntent reference (all of it
// when 0), with idempotencyKey so that a retry never refunds twice. A
// payment Stripe has already refunded counts as refunded.
func (s *Stripe) Refund(ctx context.Context, reference, idempotencyKey string, amountCents int64) error {
	if amountCents < 0 {
		return marquee.Errorf(marquee.EInvalid, "A refund's amount cannot be negative")
	}
	params := &stripe.RefundCreateParams{PaymentIntent: stripe.String(reference)}
	if amountCents > 0 {
		params.Amount = stripe.Int64(amountCents)
	}
	if idempotencyKey != "" {
		params.SetIdempotencyKey(idempotencyKey)
	}
	if _, err := s.client.V1Refunds.Create(ctx, params); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded {
			return nil
		}
		return fmt.Errorf("stripe: refund payment intent %s: %w", reference, err)
	}
	return nil
}

// intentEvent maps a PaymentIntent to the event of its outcome: succeeded;
// failed when its last attempt failed (requires_payment_method with a
// last_payment_error) or it was canceled; nil while it is in progress
// (requires_payment_method before any attempt, requires_confirmation,
// requires_action, processing, requires_capture). The purchase id comes
// from the metadata, else purchaseID.
func intentEvent(pi *stripe.PaymentIntent, purchaseID int64) *marquee.PaymentEvent {
	ev := &marquee.PaymentEvent{Reference: pi.ID, PurchaseID: metadataPurchase(pi.Metadata, purchaseID),
		TicketOrderID: metadataTicketOrder(pi.Metadata), AmountCents: pi.Amount}
	if ev.TicketOrderID != 0 {
		ev.PurchaseID = 0
	}
	switch {
	case pi.Status == stripe.PaymentIntentStatusSucceeded:
		ev.Type = marquee.PaymentSucceeded
	case pi.Status == stripe.PaymentIntentStatusRequiresPaymentMethod && pi.LastPaymentError != nil:
		ev.Type = marquee.PaymentFailed
		ev.Message = failureMessage(pi.LastPaymentError)
	case pi.Status == stripe.PaymentIntentStatusCanceled:
		ev.Type, ev.Message = marquee.PaymentFailed, marquee.DeclineCanceled.Message()
	default:
		return nil
	}
	return ev
}

// failureMessage is Marquee's message for Stripe's error e of a failed
// payment (StripeDecline), never Stripe's English text: the server shows
// it in the buyer's language.
func failureMessage(e *stripe.Error) string {
	return StripeDecline(e).Message()
}

// metadataTicketOrder reads the ticket order id from a payment's
// metadata, 0 when it has none.
func metadataTicketOrder(md map[string]string) int64 {
	if id, err := strconv.ParseInt(md[metadataTicketOrderID], 10, 64); err == nil && id > 0 {
		return id
	}
	return 0
}

// metadataPurchase reads the purchase id from a payment's metadata, or
// returns fallback when it is missing or malformed.
func metadataPurchase(md map[string]string, fallback int64) int64 {
	if id, err := strconv.ParseInt(md[metadataPurchaseID], 10, 64); err == nil && id > 0 {
		return id
	}
	return fallback
}
