package payment

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// ticketRequest is the payment of ticket order 12.
func ticketRequest(pm string) marquee.PaymentRequest {
	return marquee.PaymentRequest{TicketOrderID: 12, AmountCents: 2400, Currency: "usd", Country: "PT", Email: "ana@example.com",
		PaymentMethod: pm, IdempotencyKey: marquee.TicketIdempotencyKey(12)}
}

// TestStripeTicketPayment: a ticket order's PaymentIntent names the order
// in its metadata (ticket_order_id, no purchase_id), with the order's
// idempotency key, and its event names the order.
func TestStripeTicketPayment(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	res, err := s.CreatePayment(context.Background(), ticketRequest(""))
	if err != nil {
		t.Fatalf("CreatePayment: %v", err)
	}
	r := rec.only(t)
	if r.IdempotencyKey != "marquee-ticket-order-12" {
		t.Errorf("Idempotency-Key %q", r.IdempotencyKey)
	}
	wantForm(t, r, map[string]string{"amount": "2400", "currency": "usd", "metadata[ticket_order_id]": "12", "metadata[purchase_id]": ""})
	if ev := res.Event; ev == nil || ev.TicketOrderID != 12 || ev.PurchaseID != 0 || ev.Reference != res.Reference {
		t.Errorf("event %+v", ev)
	}
}

// TestStripeTicketWebhook reads the ticket order of a verified webhook's
// payment and of a refunded charge.
func TestStripeTicketWebhook(t *testing.T) {
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", WebhookSecret: testWebhookSecret})
	for _, tc := range []struct {
		payload string
		want    marquee.PaymentEvent
	}{
		{event("payment_intent.succeeded", `{"id":"pi_t","object":"payment_intent","amount":2400,"status":"succeeded","metadata":{"ticket_order_id":"12"}}`),
			marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentSucceeded, Reference: "pi_t", TicketOrderID: 12, AmountCents: 2400}},
		{event("charge.refunded", `{"id":"ch_1","object":"charge","amount":2400,"amount_refunded":2400,"refunded":true,"payment_intent":"pi_t","metadata":{"ticket_order_id":"12"}}`),
			marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentRefunded, Reference: "pi_t", TicketOrderID: 12, AmountCents: 2400}},
	} {
		ev, err := s.ParseWebhook([]byte(tc.payload), signed(tc.payload, testWebhookSecret, time.Now()))
		if err != nil || ev == nil || *ev != tc.want {
			t.Errorf("event %+v (%v), want %+v", ev, err, tc.want)
		}
	}
}

// TestTestModeTicketPayment: the test mode's event names the ticket order.
func TestTestModeTicketPayment(t *testing.T) {
	m := NewTestMode(func() time.Time { return time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC) }, newMemoryPayments())
	req := ticketRequest("")
	req.Card = card("4242424242424242")
	res, err := m.CreatePayment(context.Background(), req)
	if err != nil || res.Event == nil || res.Event.TicketOrderID != 12 || res.Event.PurchaseID != 0 || res.Event.Type != marquee.PaymentSucceeded {
		t.Fatalf("%+v %v", res, err)
	}
}
