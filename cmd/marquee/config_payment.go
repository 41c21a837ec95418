package main

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/payment"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/telemetry"
)

// paymentConfig holds the card provider's settings. With no Stripe keys the
// embedded test mode takes payments ("Test mode: no real charge").
type paymentConfig struct {
	// StripeSecretKey and StripePublishableKey switch Stripe on; both or neither.
	StripeSecretKey      string
	StripePublishableKey string
	// StripeWebhookSecret verifies the Stripe-Signature of webhooks ("whsec_...").
	StripeWebhookSecret string
	// StripeAPIBase points the Stripe client elsewhere (stripe-mock in tests).
	StripeAPIBase string
}

// Stripe reports whether Stripe takes payments.
func (p paymentConfig) Stripe() bool { return p.StripeSecretKey != "" }

// paymentFromEnv reads MARQUEE_STRIPE_* into c and returns what is wrong
// with them. Keys are never echoed in a message.
func paymentFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	p := paymentConfig{
		StripeSecretKey:      strings.TrimSpace(getenv("MARQUEE_STRIPE_SECRET_KEY")),
		StripePublishableKey: strings.TrimSpace(getenv("MARQUEE_STRIPE_PUBLISHABLE_KEY")),
		StripeWebhookSecret:  strings.TrimSpace(getenv("MARQUEE_STRIPE_WEBHOOK_SECRET")),
		StripeAPIBase:        strings.TrimRight(strings.TrimSpace(getenv("MARQUEE_STRIPE_API_BASE")), "/"),
	}
	switch {
	case p.StripeSecretKey == "" && p.StripePublishableKey == "":
		if p.StripeWebhookSecret != "" || p.StripeAPIBase != "" {
			errs = append(errs, "MARQUEE_STRIPE_WEBHOOK_SECRET and MARQUEE_STRIPE_API_BASE need MARQUEE_STRIPE_SECRET_KEY and MARQUEE_STRIPE_PUBLISHABLE_KEY")
		}
	case p.StripeSecretKey == "" || p.StripePublishableKey == "":
		errs = append(errs, "set both MARQUEE_STRIPE_SECRET_KEY and MARQUEE_STRIPE_PUBLISHABLE_KEY, or neither for the test mode")
	default:
		if !strings.HasPrefix(p.StripeSecretKey, "sk_") && !strings.HasPrefix(p.StripeSecretKey, "rk_") {
			errs = append(errs, "MARQUEE_STRIPE_SECRET_KEY: want a Stripe secret key (sk_... or rk_...)")
		}
		if !strings.HasPrefix(p.StripePublishableKey, "pk_") {
			errs = append(errs, "MARQUEE_STRIPE_PUBLISHABLE_KEY: want a Stripe publishable key (pk_...)")
		}
		if p.StripeWebhookSecret != "" && !strings.HasPrefix(p.StripeWebhookSecret, "whsec_") {
			errs = append(errs, "MARQUEE_STRIPE_WEBHOOK_SECRET: want a Stripe webhook signing secret (whsec_...)")
		}
		if p.StripeAPIBase != "" {
			if u, err := url.Parse(p.StripeAPIBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				errs = append(errs, fmt.Sprintf("MARQUEE_STRIPE_API_BASE=%q: want an address such as http://127.0.0.1:12111", p.StripeAPIBase))
			}
		}
	}
	c.Payments = p
	return errs
}

// provider returns the configured card provider: Stripe, or the test mode,
// which keeps its payments in db.
func (p paymentConfig) provider(db *store.DB) marquee.PaymentProvider {
	if !p.Stripe() {
		return payment.NewTestMode(time.Now, store.NewTestPayments(db))
	}
	return payment.NewStripe(payment.StripeConfig{
		SecretKey:      p.StripeSecretKey,
		PublishableKey: p.StripePublishableKey,
		WebhookSecret:  p.StripeWebhookSecret,
		APIBase:        p.StripeAPIBase,
	})
}

// paymentOptions are the payment service's settings: the provider (over
// db), and
// receipts written by mail.Composer, queued for SMTP when it is configured
// and kept in the outbox otherwise (as reminders are).
func paymentOptions(cfg config, db *store.DB) store.PaymentOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	return store.PaymentOptions{
		Provider:       telemetry.TracePayments(cfg.tracing, cfg.Payments.provider(db)),
		ComposeReceipt: mail.Composer{PublicURL: cfg.PublicURL}.Receipt,
		ReceiptStatus:  status,
	}
}
