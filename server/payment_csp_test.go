package server_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// csp parses a Content-Security-Policy into its directives' sources.
func csp(t *testing.T, header string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, d := range strings.Split(header, ";") {
		parts := strings.Fields(d)
		if len(parts) == 0 {
			continue
		}
		if _, dup := out[parts[0]]; dup {
			t.Fatalf("directive %s twice: %s", parts[0], header)
		}
		out[parts[0]] = parts[1:]
	}
	return out
}

// The policy before payments: with the test mode it stays exactly this.
const testModePolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

func TestPaymentCSP(t *testing.T) {
	db := sqliteDB(t)
	paths := []string{"/", "/pricing/pro", "/api/v1/payments/config", "/healthz"}

	s := newPaymentServer(t, db, newFakePayments())
	for _, p := range paths {
		if got := s.do(call{method: "GET", path: p}).header.Get("Content-Security-Policy"); got != testModePolicy {
			t.Fatalf("test mode %s: CSP %q", p, got)
		}
	}

	stripe := newFakePayments()
	stripe.config = marquee.PaymentConfig{Provider: marquee.ProviderStripe, PublishableKey: "pk_test_123"}
	s = newPaymentServer(t, db, stripe)
	want := map[string][]string{
		"default-src":     {"'self'"},
		"script-src":      {"'self'", "https://js.stripe.com"},
		"style-src":       {"'self'", "'unsafe-inline'"},
		"img-src":         {"'self'", "data:", "blob:"},
		"font-src":        {"'self'", "data:"},
		"connect-src":     {"'self'", "https://api.stripe.com"},
		"frame-src":       {"'self'", "https://js.stripe.com", "https://hooks.stripe.com"},
		"object-src":      {"'none'"},
		"base-uri":        {"'self'"},
		"form-action":     {"'self'"},
		"frame-ancestors": {"'none'"},
	}
	for _, p := range paths {
		got := csp(t, s.do(call{method: "GET", path: p}).header.Get("Content-Security-Policy"))
		if len(got) != len(want) {
			t.Fatalf("stripe %s: directives %v", p, got)
		}
		for d, srcs := range want {
			if strings.Join(got[d], " ") != strings.Join(srcs, " ") {
				t.Errorf("stripe %s: %s is %v, want %v", p, d, got[d], srcs)
			}
		}
	}
}
