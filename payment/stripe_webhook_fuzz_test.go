package payment

import (
	"fmt"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// webhookSeeds are event bodies of each type the parser reads, and some it
// must refuse.
func webhookSeeds() []string {
	charge := func(refunded bool, pi string) string {
		return fmt.Sprintf(`{"id":"ch_1","object":"charge","amount":2500,"amount_refunded":2500,"refunded":%t,"payment_intent":%s,"metadata":{"purchase_id":"7","ticket_order_id":"9"}}`, refunded, pi)
	}
	return []string{
		event("payment_intent.succeeded", intent("pi_ok", "succeeded", "")),
		event("payment_intent.payment_failed", intent("pi_bad", "requires_payment_method", `,"last_payment_error":{"type":"card_error","message":"Your card was declined."}`)),
		event("payment_intent.succeeded", `{"id":"pi_x","object":"payment_intent","amount":-5,"metadata":{"purchase_id":"-3","ticket_order_id":"x"}}`),
		event("charge.refunded", charge(true, `"pi_ok"`)),
		event("charge.refunded", charge(true, intent("pi_ok", "succeeded", ""))),
		event("charge.refunded", charge(false, `"pi_ok"`)),
		event("charge.refunded", charge(true, "null")),
		event("customer.created", `{"id":"cus_1","object":"customer"}`),
		event("payment_intent.succeeded", `{"object":"payment_intent"}`),
		event("payment_intent.succeeded", `[]`),
		event("charge.refunded", `"ch_1"`),
		`{"id":"evt_1","object":"event","type":"payment_intent.succeeded","data":null}`,
		`{"id":"pi_1","object":"payment_intent"}`, `not json`, ``, `{}`,
	}
}

// FuzzParseWebhook: a body correctly signed by Stripe is either an event
// Marquee acts on (one of its three types, naming a payment intent, with
// ids that are 0 or positive), nothing to act on, or EInvalid; never a
// signature error, never another failure.
func FuzzParseWebhook(f *testing.F) {
	for _, s := range webhookSeeds() {
		f.Add([]byte(s))
	}
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", WebhookSecret: testWebhookSecret})
	f.Fuzz(func(t *testing.T, payload []byte) {
		ev, err := s.ParseWebhook(payload, signed(string(payload), testWebhookSecret, time.Now()))
		if err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || ev != nil {
				t.Fatalf("ParseWebhook(%q) = %+v, %v", payload, ev, err)
			}
			return
		}
		if ev == nil {
			return
		}
		switch {
		case ev.Type != marquee.PaymentSucceeded && ev.Type != marquee.PaymentFailed && ev.Type != marquee.PaymentRefunded:
			t.Fatalf("ParseWebhook(%q): type %q", payload, ev.Type)
		case ev.Reference == "":
			t.Fatalf("ParseWebhook(%q): no payment intent", payload)
		case ev.PurchaseID < 0 || ev.TicketOrderID < 0:
			t.Fatalf("ParseWebhook(%q): purchase %d, ticket order %d", payload, ev.PurchaseID, ev.TicketOrderID)
		case ev.Type == marquee.PaymentFailed && ev.Message == "":
			t.Fatalf("ParseWebhook(%q): a failure without a message", payload)
		case ev.Type != marquee.PaymentFailed && ev.Message != "":
			t.Fatalf("ParseWebhook(%q): message %q", payload, ev.Message)
		}
	})
}

// FuzzParseWebhookSignature: a body with a Stripe-Signature header that
// Stripe did not write (whatever it holds) is EUnauthorized, the same
// answer whatever the body, and nothing else.
func FuzzParseWebhookSignature(f *testing.F) {
	payload := webhookSeeds()[0]
	now := time.Now()
	for _, h := range []string{"", "garbage", "t=1,v1=abc", signed(payload, "whsec_forger", now),
		fmt.Sprintf("t=%d,v1=%064d", now.Unix(), 0), "t=,v1=", "v1=" + signed(payload, testWebhookSecret, now)} {
		f.Add([]byte(payload), h)
	}
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", WebhookSecret: testWebhookSecret})
	unset := NewStripe(StripeConfig{SecretKey: "sk_test_123"})
	f.Fuzz(func(t *testing.T, body []byte, header string) {
		if header == signed(string(body), testWebhookSecret, now) {
			return // the one header Stripe would send (not found by chance)
		}
		ev, err := s.ParseWebhook(body, header)
		if marquee.ErrorCode(err) != marquee.EUnauthorized || ev != nil {
			// A header that passes must hold the body's own signature
			// (a seed's true one, mutated around): it cannot pass for
			// another body.
			if _, other := s.ParseWebhook(append(body[:len(body):len(body)], ' '), header); marquee.ErrorCode(other) != marquee.EUnauthorized {
				t.Fatalf("ParseWebhook(%q, %q) = %+v, %v, and passes for another body: %v", body, header, ev, err, other)
			}
		}
		if ev, err := unset.ParseWebhook(body, header); marquee.ErrorCode(err) != marquee.EUnauthorized || ev != nil {
			t.Fatalf("without a webhook secret, ParseWebhook(%q, %q) = %+v, %v", body, header, ev, err)
		}
	})
}
