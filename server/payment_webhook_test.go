package server_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestPaymentWebhook(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake)
		hook := func(body, signature string) reply {
			h := map[string]string{}
			if signature != "" {
				h["Stripe-Signature"] = signature
			}
			return s.do(call{method: "POST", path: "/api/v1/payments/webhook", body: body, header: h})
		}
		last := func() fakeWebhook {
			fake.mu.Lock()
			defer fake.mu.Unlock()
			return fake.webhooks[len(fake.webhooks)-1]
		}

		// The body goes through byte for byte with the signature header;
		// no session is needed.
		body := `{"id":"evt_1","type":"payment_intent.succeeded",  "data":{"object":{"id":"pi_1"}}}` + "\n"
		sig := "t=1700000000,v1=abc123,v0=def"
		r := hook(body, sig)
		expect(t, r, 200, "")
		if field(r, "received") != true || len(r.json) != 1 {
			t.Fatalf("webhook answer: %s", r.raw)
		}
		if got := last(); string(got.payload) != body || got.signature != sig {
			t.Fatalf("service got %q / %q", got.payload, got.signature)
		}
		// No signature at all is the service's to refuse; the fake accepts it.
		expect(t, hook("{}", ""), 200, "")
		if got := last(); got.signature != "" || string(got.payload) != "{}" {
			t.Fatalf("empty signature: %+v", got)
		}

		// A forged or malformed webhook is 400 (not 401, not 2xx).
		r = hook(body, forgedSignature)
		expect(t, r, 400, "Webhook signature does not match")
		if field(r, "code") != "unauthorized" {
			t.Fatalf("forged: %s", r.raw)
		}
		expect(t, hook(body, malformedSignature), 400, "Webhook is malformed")

		// Up to 64 KiB is read; more is 413 and never reaches the service.
		n := len(fake.webhooks)
		exact := `{"pad":"` + strings.Repeat("x", 64<<10-len(`{"pad":""}`)) + `"}`
		expect(t, hook(exact, sig), 200, "")
		if got := last(); len(got.payload) != 64<<10 {
			t.Fatalf("64 KiB body arrived as %d bytes", len(got.payload))
		}
		expect(t, hook(exact+" ", sig), 413, "Request body is too large")
		expect(t, hook(strings.Repeat("x", 1<<20), sig), 413, "")
		if len(fake.webhooks) != n+1 {
			t.Fatalf("an oversized webhook reached the service")
		}

		// Providers post cross-site without Origin; CSRF protection lets
		// them through.
		r = s.do(call{method: "POST", path: "/api/v1/payments/webhook", body: body, header: map[string]string{"Stripe-Signature": sig, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)"}})
		expect(t, r, 200, "")
	})
}

func TestPaymentWebhookRateLimited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fake := newFakePayments()
		s := newPaymentServer(t, db, fake, func(c *server.Config) { c.WebhookRatePerMinute = 2; c.TrustProxy = true })
		hook := func(ip string) reply {
			return s.do(call{method: "POST", path: "/api/v1/payments/webhook", body: `{}`,
				header: map[string]string{"Stripe-Signature": "t=1,v1=x", "X-Forwarded-For": ip}})
		}
		expect(t, hook("203.0.113.1"), 200, "")
		expect(t, hook("203.0.113.1"), 200, "")
		r := hook("203.0.113.1")
		expect(t, r, 429, "Too many webhooks from your network. Try again later.")
		if r.header.Get("Retry-After") != "30" {
			t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
		}
		expect(t, hook("203.0.113.2"), 200, "")
		if len(fake.webhooks) != 3 {
			t.Fatalf("%d webhooks reached the service, want 3", len(fake.webhooks))
		}
	})
}

// The default allows a busy provider: 300 a minute from one address.
func TestPaymentWebhookDefaultLimit(t *testing.T) {
	if got := server.DefaultConfig().WebhookRatePerMinute; got != 300 {
		t.Fatalf("default webhook limit %d", got)
	}
	if got := server.DefaultConfig().CheckoutRatePer10Min; got != 10 {
		t.Fatalf("default checkout limit %d", got)
	}
}
