package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// The abuse limits (issue 16) are read from their MARQUEE_* variables.
func TestConfigAbuseLimits(t *testing.T) {
	env := map[string]string{
		"MARQUEE_LOGIN_FAILURES_PER_CLIENT_PER_MINUTE": "3",
		"MARQUEE_LOGIN_FAILURES_PER_ACCOUNT_PER_15MIN": "40",
		"MARQUEE_PASSWORD_CHANGE_RATE_PER_HOUR":        "6",
		"MARQUEE_FESTIVAL_RATE_PER_USER_PER_DAY":       "4",
		"MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY":         "12",
	}
	c, err := configFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	s := c.Server
	if s.LoginFailuresPerClientPerMinute != 3 || s.LoginFailuresPerAccountPer15Min != 40 || s.PasswordChangeRatePerHour != 6 ||
		s.FestivalRegistrationsPerUserPerDay != 4 || s.FestivalRegistrationsPerIPPerDay != 12 {
		t.Fatalf("limits not read: %+v", s)
	}
	env["MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY"] = "0"
	if _, err := configFromEnv(func(k string) string { return env[k] }); err == nil {
		t.Fatal("a zero limit was accepted")
	}
}

// Every rate limit policy's setting is read, and each of the new ones
// reaches its field.
func TestConfigReadsEveryRateLimitSetting(t *testing.T) {
	asked := map[string]bool{}
	env := map[string]string{
		"MARQUEE_PASSWORD_RESET_RATE_PER_IP_PER_HOUR":      "11",
		"MARQUEE_PASSWORD_RESET_RATE_PER_ADDRESS_PER_HOUR": "2",
		"MARQUEE_PASSWORD_RESET_CONFIRM_RATE_PER_HOUR":     "9",
		"MARQUEE_CHECKOUT_RATE_PER_10MIN":                  "8",
		"MARQUEE_WEBHOOK_RATE_PER_MINUTE":                  "500",
		"MARQUEE_DATA_EXPORT_RATE_PER_HOUR":                "3",
	}
	c, err := configFromEnv(func(k string) string { asked[k] = true; return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range marquee.RateLimitPolicies() {
		if p.Setting != "" && !asked[p.Setting] {
			t.Errorf("policy %s: %s is never read", p.Name, p.Setting)
		}
	}
	s := c.Server
	if s.PasswordResetRatePerIPPerHour != 11 || s.PasswordResetRatePerAddressPerHour != 2 || s.PasswordResetConfirmRatePerHour != 9 ||
		s.CheckoutRatePer10Min != 8 || s.WebhookRatePerMinute != 500 || privacyOptions(c).ExportsPerHour != 3 {
		t.Fatalf("limits not read: %+v, exports %d", s, c.DataExportsPerHour)
	}
}

// A rate limit setting that is not a positive whole number stops every
// command at start, with the variable, its value and what it wants; the
// checkout limit (issue 23) among them.
func TestConfigRefusesBadRateLimitSettings(t *testing.T) {
	for _, p := range marquee.RateLimitPolicies() {
		if p.Setting == "" {
			continue
		}
		for _, bad := range []string{"0", "-3", "ten", "1.5"} {
			_, err := configFromEnv(func(k string) string {
				if k == p.Setting {
					return bad
				}
				return ""
			})
			if want := p.Setting + `="` + bad + `": want a positive whole number`; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s=%s: %v, want %q", p.Setting, bad, err, want)
			}
		}
	}
}

// `marquee serve` with a bad checkout limit stops before it opens the
// database or listens, saying which setting is wrong.
func TestServeRefusesBadCheckoutLimit(t *testing.T) {
	t.Setenv("MARQUEE_CHECKOUT_RATE_PER_10MIN", "0")
	t.Setenv("MARQUEE_DATABASE_URL", "sqlite:"+t.TempDir()+"/never.db")
	t.Setenv("MARQUEE_ADDR", "127.0.0.1:0")
	// Stopped already: were the setting taken, serve would end at once.
	ctx, stop := context.WithCancel(t.Context())
	stop()
	err := run(ctx, []string{"serve"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || err.Error() != `configuration: MARQUEE_CHECKOUT_RATE_PER_10MIN="0": want a positive whole number` {
		t.Fatalf("serve with a zero checkout limit: %v", err)
	}
}
