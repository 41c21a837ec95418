package main

import (
	"strings"
	"testing"
)

func TestPaymentConfig(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		stripe  bool
		wantErr []string // parts of the error; none means valid
	}{
		{name: "test mode by default", env: map[string]string{}},
		{name: "stripe", stripe: true, env: map[string]string{
			"MARQUEE_STRIPE_SECRET_KEY": "sk_test_123", "MARQUEE_STRIPE_PUBLISHABLE_KEY": "pk_test_123",
			"MARQUEE_STRIPE_WEBHOOK_SECRET": "whsec_abc", "MARQUEE_STRIPE_API_BASE": "http://127.0.0.1:12111/",
		}},
		{name: "one key only", env: map[string]string{"MARQUEE_STRIPE_SECRET_KEY": "sk_test_123"},
			wantErr: []string{"set both MARQUEE_STRIPE_SECRET_KEY and MARQUEE_STRIPE_PUBLISHABLE_KEY"}},
		{name: "keys swapped", env: map[string]string{"MARQUEE_STRIPE_SECRET_KEY": "pk_test_1", "MARQUEE_STRIPE_PUBLISHABLE_KEY": "sk_test_1"},
			wantErr: []string{"MARQUEE_STRIPE_SECRET_KEY: want", "MARQUEE_STRIPE_PUBLISHABLE_KEY: want"}},
		{name: "bad webhook secret and base", env: map[string]string{
			"MARQUEE_STRIPE_SECRET_KEY": "sk_test_1", "MARQUEE_STRIPE_PUBLISHABLE_KEY": "pk_test_1",
			"MARQUEE_STRIPE_WEBHOOK_SECRET": "secret", "MARQUEE_STRIPE_API_BASE": "stripe-mock",
		}, wantErr: []string{"MARQUEE_STRIPE_WEBHOOK_SECRET", "MARQUEE_STRIPE_API_BASE"}},
		{name: "webhook secret without keys", env: map[string]string{"MARQUEE_STRIPE_WEBHOOK_SECRET": "whsec_1"},
			wantErr: []string{"need MARQUEE_STRIPE_SECRET_KEY"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := configFromEnv(func(k string) string { return tt.env[k] })
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if c.Payments.Stripe() != tt.stripe {
					t.Fatalf("Stripe() = %v, want %v", c.Payments.Stripe(), tt.stripe)
				}
				if tt.stripe && c.Payments.StripeAPIBase != "http://127.0.0.1:12111" {
					t.Fatalf("API base %q", c.Payments.StripeAPIBase)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, part := range tt.wantErr {
				if !strings.Contains(err.Error(), part) {
					t.Errorf("error %q lacks %q", err, part)
				}
			}
			if strings.Contains(err.Error(), "sk_test_1") {
				t.Errorf("error echoes the secret key: %q", err)
			}
		})
	}
}
