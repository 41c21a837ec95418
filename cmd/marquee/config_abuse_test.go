package main

import "testing"

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
