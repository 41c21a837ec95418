package payment

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/marquee-festival/marquee"
)

const testWebhookSecret = "whsec_test_marquee"

// newTestStripe returns a Stripe provider talking to stripe-mock through a
// recorder, which answers with canned instead when it returns one.
func newTestStripe(t *testing.T, answer func(r recorded) *canned) (*Stripe, *recorder) {
	t.Helper()
	rec, base := newRecorder(t, answer)
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_456", WebhookSecret: testWebhookSecret,
		APIBase: base, HTTPClient: &http.Client{Timeout: 10 * time.Second}})
	return s, rec
}

func paymentRequest(pm string) marquee.PaymentRequest {
	return marquee.PaymentRequest{PurchaseID: 7, AmountCents: 2500, Currency: "usd", Country: "US", Email: "ann@example.com",
		PaymentMethod: pm, IdempotencyKey: marquee.IdempotencyKey(7)}
}

// intent is a PaymentIntent as Stripe writes it.
func intent(id, status, extra string) string {
	return fmt.Sprintf(`{"id":%q,"object":"payment_intent","amount":2500,"currency":"usd","status":%q,
		"client_secret":"%s_secret_abc","metadata":{"purchase_id":"7"}%s}`, id, status, id, extra)
}

// wantForm fails unless the request's form holds each of want.
func wantForm(t *testing.T, r recorded, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got := r.Form.Get(k); got != v {
			t.Errorf("%s %s: %s=%q, want %q (form %v)", r.Method, r.Path, k, got, v, r.Form)
		}
	}
}

func TestStripeNameAndConfig(t *testing.T) {
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", PublishableKey: "pk_test_456"})
	if s.Name() != marquee.ProviderStripe || s.Config() != (marquee.PaymentConfig{Provider: "stripe", PublishableKey: "pk_test_456"}) {
		t.Errorf("name %q, config %+v", s.Name(), s.Config())
	}
}

// TestStripeCreatePaymentForElements creates the PaymentIntent the browser
// confirms: the request carries the amount, currency, card type, purchase
// id and idempotency key, and no payment method. stripe-mock's canned
// PaymentIntent (requires_payment_method with a last_payment_error without
// message) maps to a failed payment with Marquee's message.
func TestStripeCreatePaymentForElements(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	res, err := s.CreatePayment(context.Background(), paymentRequest(""))
	if err != nil {
		t.Fatalf("CreatePayment: %v", err)
	}
	r := rec.only(t)
	if r.Method != http.MethodPost || r.Path != "/v1/payment_intents" || r.IdempotencyKey != "marquee-purchase-7" {
		t.Errorf("request %s %s with Idempotency-Key %q", r.Method, r.Path, r.IdempotencyKey)
	}
	wantForm(t, r, map[string]string{"amount": "2500", "currency": "usd", "metadata[purchase_id]": "7",
		"payment_method_types[0]": "card", "payment_method": "", "confirm": ""})
	if len(res.Reference) < 4 || res.Reference[:3] != "pi_" {
		t.Errorf("reference %q", res.Reference)
	}
	ev := res.Event
	if ev == nil || ev.Type != marquee.PaymentFailed || ev.Message != "Your payment was not completed." ||
		ev.Reference != res.Reference || ev.PurchaseID != 7 || ev.AmountCents != 2500 || res.ClientSecret != "" {
		t.Errorf("stripe-mock's canned intent mapped to %+v, event %+v", res, ev)
	}
}

// TestStripeCreatePaymentConfirms sends a payment method with confirm=true.
func TestStripeCreatePaymentConfirms(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	if _, err := s.CreatePayment(context.Background(), paymentRequest("pm_card_visa")); err != nil {
		t.Fatalf("CreatePayment: %v", err)
	}
	r := rec.only(t)
	wantForm(t, r, map[string]string{"amount": "2500", "currency": "usd", "metadata[purchase_id]": "7",
		"payment_method": "pm_card_visa", "confirm": "true"})
	if r.IdempotencyKey != "marquee-purchase-7" {
		t.Errorf("Idempotency-Key %q", r.IdempotencyKey)
	}
}

// TestStripeCreatePaymentOutcomes maps Stripe's answers that stripe-mock
// cannot give (it keeps no state): each is canned by the recorder after
// the request reached it.
func TestStripeCreatePaymentOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name       string
		answer     canned
		wantType   marquee.PaymentEventType // "" for no event
		wantMsg    string
		wantRef    string
		wantSecret string
	}{
		{"succeeded", canned{200, intent("pi_ok", "succeeded", "")}, marquee.PaymentSucceeded, "", "pi_ok", ""},
		{"needs 3-D Secure", canned{200, intent("pi_3ds", "requires_action", "")}, "", "", "pi_3ds", "pi_3ds_secret_abc"},
		{"processing", canned{200, intent("pi_slow", "processing", "")}, "", "", "pi_slow", "pi_slow_secret_abc"},
		{"failed attempt", canned{200, intent("pi_bad", "requires_payment_method",
			`,"last_payment_error":{"type":"card_error","code":"card_declined","message":"Your card was declined."}`)},
			marquee.PaymentFailed, "Your card was declined.", "pi_bad", ""},
		{"card error", canned{402, `{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds",
			"message":"Your card has insufficient funds.","payment_intent":` + intent("pi_poor", "requires_payment_method", "") + `}}`},
			marquee.PaymentFailed, "Your card has insufficient funds.", "pi_poor", ""},
		{"card error in Stripe's words", canned{402, `{"error":{"type":"card_error","code":"card_declined","decline_code":"authentication_required",
			"message":"Your card was declined. This transaction requires authentication.","payment_intent":` + intent("pi_3ds_off", "requires_payment_method", "") + `}}`},
			marquee.PaymentFailed, marquee.DeclineAuthentication.Message(), "pi_3ds_off", ""},
		{"failed attempt in Stripe's words", canned{200, intent("pi_busy", "requires_payment_method",
			`,"last_payment_error":{"type":"card_error","code":"processing_error","message":"An error occurred while processing your card. Try again in a little bit."}`)},
			marquee.PaymentFailed, marquee.DeclineTryAgain.Message(), "pi_busy", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rec := newTestStripe(t, func(recorded) *canned { return &tc.answer })
			res, err := s.CreatePayment(context.Background(), paymentRequest("pm_card_visa"))
			if err != nil {
				t.Fatalf("CreatePayment: %v", err)
			}
			rec.only(t)
			if res.Reference != tc.wantRef || res.ClientSecret != tc.wantSecret {
				t.Errorf("result %+v, want reference %s and client secret %q", res, tc.wantRef, tc.wantSecret)
			}
			switch {
			case tc.wantType == "" && res.Event != nil:
				t.Errorf("event %+v for a payment in progress", res.Event)
			case tc.wantType != "" && res.Event == nil:
				t.Errorf("no event, want %s", tc.wantType)
			case tc.wantType != "":
				ev := res.Event
				if ev.Type != tc.wantType || ev.Message != tc.wantMsg || ev.Reference != tc.wantRef || ev.PurchaseID != 7 || ev.AmountCents != 2500 {
					t.Errorf("event %+v, want %s %q", ev, tc.wantType, tc.wantMsg)
				}
			}
		})
	}
}

// TestStripeCreatePaymentErrors: a card number is refused before any
// request; a payment method Stripe does not know is EInvalid; Stripe's
// own failure is an internal error.
func TestStripeCreatePaymentErrors(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	req := paymentRequest("")
	req.Card = card("4242424242424242")
	if _, err := s.CreatePayment(context.Background(), req); marquee.ErrorCode(err) != marquee.EInvalid ||
		marquee.ErrorFields(err)["card"] != "Card numbers are not accepted with Stripe; use the card form" {
		t.Errorf("card number: %v", err)
	}
	if rec.count() != 0 {
		t.Errorf("a card number reached Stripe")
	}

	s, _ = newTestStripe(t, func(recorded) *canned {
		return &canned{400, `{"error":{"type":"invalid_request_error","code":"resource_missing","param":"payment_method","message":"No such PaymentMethod: 'pm_nope'"}}`}
	})
	if _, err := s.CreatePayment(context.Background(), paymentRequest("pm_nope")); marquee.ErrorCode(err) != marquee.EInvalid ||
		marquee.ErrorFields(err)["paymentMethodId"] != "Payment method is not valid" {
		t.Errorf("unknown payment method: %v", err)
	}

	s, _ = newTestStripe(t, func(recorded) *canned {
		return &canned{500, `{"error":{"type":"api_error","message":"Something went wrong on Stripe's end."}}`}
	})
	if _, err := s.CreatePayment(context.Background(), paymentRequest("")); marquee.ErrorCode(err) != marquee.EInternal {
		t.Errorf("Stripe's failure: %v, want an internal error", err)
	}
}

// TestStripePayment retrieves a PaymentIntent and reports its outcome.
func TestStripePayment(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	ev, err := s.Payment(context.Background(), "pi_abc")
	if err != nil {
		t.Fatalf("Payment: %v", err)
	}
	if r := rec.only(t); r.Method != http.MethodGet || r.Path != "/v1/payment_intents/pi_abc" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}
	// stripe-mock answers its canned intent with the id asked for: a
	// failed attempt, and no purchase id in its metadata.
	if ev.Type != marquee.PaymentFailed || ev.Reference != "pi_abc" || ev.PurchaseID != 0 {
		t.Errorf("event %+v", ev)
	}

	for _, tc := range []struct {
		name     string
		answer   canned
		wantType marquee.PaymentEventType
		wantCode string
	}{
		{"succeeded", canned{200, intent("pi_abc", "succeeded", "")}, marquee.PaymentSucceeded, ""},
		{"canceled", canned{200, intent("pi_abc", "canceled", "")}, marquee.PaymentFailed, ""},
		{"awaiting the buyer", canned{200, intent("pi_abc", "requires_payment_method", "")}, "", marquee.EConflict},
		{"requires action", canned{200, intent("pi_abc", "requires_action", "")}, "", marquee.EConflict},
		{"unknown", canned{404, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent: 'pi_abc'"}}`}, "", marquee.ENotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newTestStripe(t, func(recorded) *canned { return &tc.answer })
			ev, err := s.Payment(context.Background(), "pi_abc")
			if marquee.ErrorCode(err) != tc.wantCode {
				t.Fatalf("error %v, want code %q", err, tc.wantCode)
			}
			if tc.wantType == "" {
				if ev != nil {
					t.Errorf("event %+v", ev)
				}
				return
			}
			if ev.Type != tc.wantType || ev.Reference != "pi_abc" || ev.PurchaseID != 7 || ev.AmountCents != 2500 {
				t.Errorf("event %+v, want %s", ev, tc.wantType)
			}
		})
	}
}

// searchResult is a page of Stripe's search answer holding intents.
func searchResult(intents ...string) string {
	return fmt.Sprintf(`{"object":"search_result","url":"/v1/payment_intents/search","has_more":false,"next_page":null,"data":[%s]}`,
		strings.Join(intents, ","))
}

// TestStripeFindPayment: a payment with a stored reference is retrieved;
// without one, Stripe's search finds it by the purchase or ticket order in
// its metadata, a succeeded intent winning, EConflict while one is
// unfinished, ENotFound when there is none.
func TestStripeFindPayment(t *testing.T) {
	ctx := context.Background()
	s, rec := newTestStripe(t, func(r recorded) *canned { return &canned{200, intent("pi_abc", "succeeded", "")} })
	ev, err := s.FindPayment(ctx, marquee.PaymentLookup{Reference: "pi_abc", PurchaseID: 7})
	if err != nil || ev.Type != marquee.PaymentSucceeded || ev.Reference != "pi_abc" || ev.PurchaseID != 7 || ev.AmountCents != 2500 {
		t.Fatalf("by reference: %+v %v", ev, err)
	}
	if r := rec.only(t); r.Method != http.MethodGet || r.Path != "/v1/payment_intents/pi_abc" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}

	// stripe-mock answers the search with its fixture, which names no
	// purchase: not this payment.
	s, rec = newTestStripe(t, nil)
	if ev, err := s.FindPayment(ctx, marquee.PaymentLookup{PurchaseID: 7}); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("search through stripe-mock: %+v %v, want ENotFound", ev, err)
	}
	r := rec.only(t)
	if r.Method != http.MethodGet || r.Path != "/v1/payment_intents/search" {
		t.Errorf("request %s %s", r.Method, r.Path)
	}
	wantForm(t, r, map[string]string{"query": "metadata['purchase_id']:'7'"})

	ticketIntent := func(id, status string) string {
		return fmt.Sprintf(`{"id":%q,"object":"payment_intent","amount":1800,"currency":"usd","status":%q,"metadata":{"ticket_order_id":"12"}}`, id, status)
	}
	failed := intent("pi_bad", "requires_payment_method", `,"last_payment_error":{"type":"card_error","code":"card_declined","message":"Your card was declined."}`)
	for _, tc := range []struct {
		name      string
		q         marquee.PaymentLookup
		answer    canned
		wantQuery string
		want      *marquee.PaymentEvent
		wantCode  string
	}{
		{"succeeded", marquee.PaymentLookup{PurchaseID: 7}, canned{200, searchResult(failed, intent("pi_ok", "succeeded", ""))},
			"metadata['purchase_id']:'7'", &marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}, ""},
		{"failed", marquee.PaymentLookup{PurchaseID: 7}, canned{200, searchResult(failed)},
			"metadata['purchase_id']:'7'", &marquee.PaymentEvent{Type: marquee.PaymentFailed, Reference: "pi_bad", PurchaseID: 7, AmountCents: 2500, Message: "Your card was declined."}, ""},
		{"unfinished", marquee.PaymentLookup{PurchaseID: 7}, canned{200, searchResult(intent("pi_3ds", "requires_action", ""))},
			"metadata['purchase_id']:'7'", nil, marquee.EConflict},
		{"another purchase's", marquee.PaymentLookup{PurchaseID: 8}, canned{200, searchResult(intent("pi_ok", "succeeded", ""))},
			"metadata['purchase_id']:'8'", nil, marquee.ENotFound},
		{"none", marquee.PaymentLookup{PurchaseID: 7}, canned{200, searchResult()},
			"metadata['purchase_id']:'7'", nil, marquee.ENotFound},
		{"a ticket order's", marquee.PaymentLookup{TicketOrderID: 12}, canned{200, searchResult(ticketIntent("pi_t", "succeeded"))},
			"metadata['ticket_order_id']:'12'", &marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: "pi_t", TicketOrderID: 12, AmountCents: 1800}, ""},
		{"Stripe down", marquee.PaymentLookup{PurchaseID: 7}, canned{500, `{"error":{"type":"api_error","message":"Something went wrong on Stripe's end."}}`},
			"metadata['purchase_id']:'7'", nil, marquee.EInternal},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, rec := newTestStripe(t, func(recorded) *canned { return &tc.answer })
			ev, err := s.FindPayment(ctx, tc.q)
			if marquee.ErrorCode(err) != tc.wantCode {
				t.Fatalf("error %v, want code %q", err, tc.wantCode)
			}
			wantForm(t, rec.only(t), map[string]string{"query": tc.wantQuery})
			if tc.want == nil {
				if ev != nil {
					t.Errorf("event %+v", ev)
				}
				return
			}
			if ev == nil || *ev != *tc.want {
				t.Errorf("event %+v, want %+v", ev, tc.want)
			}
		})
	}
}

// TestStripeRefund refunds the PaymentIntent with the idempotency key, in
// whole (amount 0) or the amount asked; a payment already refunded counts
// as refunded, and a negative amount is refused without asking Stripe.
func TestStripeRefund(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	if err := s.Refund(context.Background(), "pi_abc", "marquee-refund-7", 0); err != nil {
		t.Fatalf("Refund: %v", err)
	}
	r := rec.only(t)
	if r.Method != http.MethodPost || r.Path != "/v1/refunds" || r.IdempotencyKey != "marquee-refund-7" {
		t.Errorf("request %s %s with Idempotency-Key %q", r.Method, r.Path, r.IdempotencyKey)
	}
	wantForm(t, r, map[string]string{"payment_intent": "pi_abc", "amount": ""})

	s, rec = newTestStripe(t, nil)
	if err := s.Refund(context.Background(), "pi_abc", "marquee-refund-8", 1750); err != nil {
		t.Fatalf("Refund of a part: %v", err)
	}
	wantForm(t, rec.only(t), map[string]string{"payment_intent": "pi_abc", "amount": "1750"})
	s, rec = newTestStripe(t, nil)
	if err := s.Refund(context.Background(), "pi_abc", "marquee-refund-9", -1); marquee.ErrorCode(err) != marquee.EInvalid {
		t.Errorf("negative refund: %v", err)
	}
	if n := rec.count(); n != 0 {
		t.Errorf("a negative refund asked Stripe %d times", n)
	}

	s, _ = newTestStripe(t, func(recorded) *canned {
		return &canned{400, `{"error":{"type":"invalid_request_error","code":"charge_already_refunded","message":"Charge ch_1 has already been refunded."}}`}
	})
	if err := s.Refund(context.Background(), "pi_abc", "marquee-refund-7", 0); err != nil {
		t.Errorf("already refunded: %v", err)
	}
	s, _ = newTestStripe(t, func(recorded) *canned {
		return &canned{400, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such payment_intent: 'pi_abc'"}}`}
	})
	if err := s.Refund(context.Background(), "pi_abc", "marquee-refund-7", 0); err == nil {
		t.Errorf("refund of an unknown payment succeeded")
	}
}

// signed returns payload's Stripe-Signature header for secret at time at.
func signed(payload, secret string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(payload), Secret: secret, Timestamp: at}).Header
}

// event is a webhook body of type typ about object.
func event(typ, object string) string {
	return fmt.Sprintf(`{"id":"evt_123","object":"event","api_version":"2019-02-19","created":1700000000,"type":%q,"data":{"object":%s}}`, typ, object)
}

// TestStripeWebhook parses correctly signed events.
func TestStripeWebhook(t *testing.T) {
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", WebhookSecret: testWebhookSecret})
	charge := func(refunded bool, pi string) string {
		return fmt.Sprintf(`{"id":"ch_1","object":"charge","amount":2500,"amount_refunded":2500,"refunded":%t,"payment_intent":%s,"metadata":{"purchase_id":"7"}}`, refunded, pi)
	}
	for _, tc := range []struct {
		name    string
		payload string
		want    *marquee.PaymentEvent
	}{
		{"succeeded", event("payment_intent.succeeded", intent("pi_ok", "succeeded", "")),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentSucceeded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}},
		{"payment failed", event("payment_intent.payment_failed", intent("pi_bad", "requires_payment_method",
			`,"last_payment_error":{"type":"card_error","message":"Your card was declined."}`)),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentFailed, Reference: "pi_bad", PurchaseID: 7, AmountCents: 2500, Message: "Your card was declined."}},
		{"payment failed without a message", event("payment_intent.payment_failed", intent("pi_bad", "requires_payment_method", "")),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentFailed, Reference: "pi_bad", PurchaseID: 7, AmountCents: 2500, Message: "Your payment was not completed."}},
		{"no purchase id", event("payment_intent.succeeded", `{"id":"pi_x","object":"payment_intent","amount":100,"status":"succeeded","metadata":{}}`),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentSucceeded, Reference: "pi_x", AmountCents: 100}},
		{"charge refunded", event("charge.refunded", charge(true, `"pi_ok"`)),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentRefunded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}},
		{"charge refunded with its intent expanded", event("charge.refunded", charge(true, intent("pi_ok", "succeeded", ""))),
			&marquee.PaymentEvent{ID: "evt_123", Type: marquee.PaymentRefunded, Reference: "pi_ok", PurchaseID: 7, AmountCents: 2500}},
		{"charge refunded in part", event("charge.refunded", charge(false, `"pi_ok"`)), nil},
		{"charge without an intent", event("charge.refunded", charge(true, "null")), nil},
		{"another type", event("customer.created", `{"id":"cus_1","object":"customer"}`), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := s.ParseWebhook([]byte(tc.payload), signed(tc.payload, testWebhookSecret, time.Now()))
			if err != nil {
				t.Fatalf("ParseWebhook: %v", err)
			}
			switch {
			case tc.want == nil && ev != nil:
				t.Errorf("event %+v, want none", ev)
			case tc.want != nil && (ev == nil || *ev != *tc.want):
				t.Errorf("event %+v, want %+v", ev, tc.want)
			}
		})
	}
}

// TestStripeWebhookRefused refuses what Stripe did not sign, or signed too
// long ago, or cannot be read.
func TestStripeWebhookRefused(t *testing.T) {
	s := NewStripe(StripeConfig{SecretKey: "sk_test_123", WebhookSecret: testWebhookSecret})
	payload := event("payment_intent.succeeded", intent("pi_ok", "succeeded", ""))
	good := signed(payload, testWebhookSecret, time.Now())
	for _, tc := range []struct {
		name, payload, signature, code string
	}{
		{"forged signature", payload, signed(payload, "whsec_forger", time.Now()), marquee.EUnauthorized},
		{"body changed", payload + " ", good, marquee.EUnauthorized},
		{"stale timestamp", payload, signed(payload, testWebhookSecret, time.Now().Add(-301*time.Second)), marquee.EUnauthorized},
		{"no signature", payload, "", marquee.EUnauthorized},
		{"malformed header", payload, "garbage", marquee.EUnauthorized},
		{"signed, not an event", `{"id":"pi_1","object":"payment_intent"}`, signed(`{"id":"pi_1","object":"payment_intent"}`, testWebhookSecret, time.Now()), marquee.EInvalid},
		{"signed, not JSON", `not json`, signed(`not json`, testWebhookSecret, time.Now()), marquee.EInvalid},
		{"signed, intent without id", event("payment_intent.succeeded", `{"object":"payment_intent"}`),
			signed(event("payment_intent.succeeded", `{"object":"payment_intent"}`), testWebhookSecret, time.Now()), marquee.EInvalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := s.ParseWebhook([]byte(tc.payload), tc.signature)
			if ev != nil || marquee.ErrorCode(err) != tc.code {
				t.Fatalf("got %+v, %v; want %s", ev, err, tc.code)
			}
			if tc.code == marquee.EUnauthorized && marquee.ErrorMessage(err) != "Invalid webhook signature" {
				t.Errorf("message %q", marquee.ErrorMessage(err))
			}
		})
	}

	// Without a webhook secret every webhook is refused.
	noSecret := NewStripe(StripeConfig{SecretKey: "sk_test_123"})
	for _, sig := range []string{good, signed(payload, "", time.Now())} {
		if ev, err := noSecret.ParseWebhook([]byte(payload), sig); ev != nil || marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Errorf("no secret: %+v, %v", ev, err)
		}
	}
}
