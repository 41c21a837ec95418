package main

import (
	"strings"
	"testing"
)

// TestPayoutsConfig reads the schedule day and the minimum, with their
// defaults, and refuses values out of range.
func TestPayoutsConfig(t *testing.T) {
	read := func(env map[string]string) (config, []string) {
		var c config
		errs := payoutsFromEnv(func(k string) string { return env[k] }, &c)
		return c, errs
	}
	if c, errs := read(nil); len(errs) != 0 || c.Payouts.ScheduleDay != 1 || c.Payouts.MinimumCents != 2500 {
		t.Fatalf("defaults %+v %v", c.Payouts, errs)
	}
	if c, errs := read(map[string]string{"MARQUEE_PAYOUT_DAY": " 15 ", "MARQUEE_PAYOUT_MINIMUM_CENTS": "10000"}); len(errs) != 0 ||
		c.Payouts.ScheduleDay != 15 || c.Payouts.MinimumCents != 10000 {
		t.Fatalf("set %+v %v", c.Payouts, errs)
	}
	for _, env := range []map[string]string{
		{"MARQUEE_PAYOUT_DAY": "29"}, {"MARQUEE_PAYOUT_DAY": "0"}, {"MARQUEE_PAYOUT_DAY": "first"},
		{"MARQUEE_PAYOUT_MINIMUM_CENTS": "0"}, {"MARQUEE_PAYOUT_MINIMUM_CENTS": "25.00"},
	} {
		_, errs := read(env)
		for k := range env {
			if len(errs) != 1 || !strings.Contains(errs[0], k) {
				t.Errorf("%v: %v", env, errs)
			}
		}
	}
}
