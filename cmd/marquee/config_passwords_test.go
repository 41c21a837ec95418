package main

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/password"
)

// The password queue's settings reach password.Limits; unset, the
// package's defaults hold; a bad value stops the start with its name.
func TestPasswordsFromEnv(t *testing.T) {
	c, err := configFromEnv(func(string) string { return "" })
	if err != nil || c.PasswordLimits != (password.Limits{}) {
		t.Fatalf("unset: %+v %v", c.PasswordLimits, err)
	}
	env := map[string]string{"MARQUEE_PASSWORD_QUEUE": "500", "MARQUEE_PASSWORD_WAIT": "20s"}
	c, err = configFromEnv(func(k string) string { return env[k] })
	if err != nil || c.PasswordLimits.Queue != 500 || c.PasswordLimits.MaxWait != 20*time.Second {
		t.Fatalf("set: %+v %v", c.PasswordLimits, err)
	}
	for _, bad := range []struct{ name, value, want string }{
		{"MARQUEE_PASSWORD_QUEUE", "0", "want a whole number from 1 to 100000"},
		{"MARQUEE_PASSWORD_QUEUE", "many", "want a whole number from 1 to 100000"},
		{"MARQUEE_PASSWORD_QUEUE", "1000000", "want a whole number from 1 to 100000"},
		{"MARQUEE_PASSWORD_WAIT", "10", "want a duration from 100ms to 50s"},
		{"MARQUEE_PASSWORD_WAIT", "1m", "want a duration from 100ms to 50s"},
		{"MARQUEE_PASSWORD_WAIT", "1ms", "want a duration from 100ms to 50s"},
	} {
		_, err := configFromEnv(func(k string) string {
			if k == bad.name {
				return bad.value
			}
			return ""
		})
		if err == nil || !strings.Contains(err.Error(), bad.name+`="`+bad.value+`": `+bad.want) {
			t.Errorf("%s=%s: %v", bad.name, bad.value, err)
		}
	}
}
