package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/payment"
	"github.com/marquee-festival/marquee/store"
)

// payoutsFromEnv reads MARQUEE_PAYOUT_DAY (1-28) and
// MARQUEE_PAYOUT_MINIMUM_CENTS (> 0) into c and returns what is wrong
// with them.
func payoutsFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	c.Payouts = marquee.DefaultPayoutSettings
	if v := strings.TrimSpace(getenv("MARQUEE_PAYOUT_DAY")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 28 {
			errs = append(errs, fmt.Sprintf("MARQUEE_PAYOUT_DAY=%q: want a day of the month from 1 to 28", v))
		} else {
			c.Payouts.ScheduleDay = n
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_PAYOUT_MINIMUM_CENTS")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			errs = append(errs, fmt.Sprintf("MARQUEE_PAYOUT_MINIMUM_CENTS=%q: want a positive number of cents, such as 2500", v))
		} else {
			c.Payouts.MinimumCents = n
		}
	}
	return errs
}

// payoutOptions is the payout service's provider (Stripe Connect over the
// payment provider's keys, or the test mode keeping its records in db)
// and settings.
func payoutOptions(cfg config, db *store.DB) store.PayoutOptions {
	var provider marquee.PayoutProvider
	if cfg.Payments.Stripe() {
		provider = payment.NewStripe(payment.StripeConfig{
			SecretKey:      cfg.Payments.StripeSecretKey,
			PublishableKey: cfg.Payments.StripePublishableKey,
			WebhookSecret:  cfg.Payments.StripeWebhookSecret,
			APIBase:        cfg.Payments.StripeAPIBase,
		}).Payouts()
	} else {
		provider = payment.NewTestPayouts(time.Now, store.NewTestPayouts(db))
	}
	public := cfg.PublicURL
	if public == "" {
		public = "http://localhost:8080"
	}
	return store.PayoutOptions{Provider: provider, Settings: cfg.Payouts, PublicURL: public}
}
