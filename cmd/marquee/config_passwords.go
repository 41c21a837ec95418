package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// passwordsFromEnv reads MARQUEE_PASSWORD_QUEUE and MARQUEE_PASSWORD_WAIT,
// the bounds of the queue of sign-ups, logins and password changes waiting
// for a hashing slot (password.Limits), into c and returns what is wrong
// with them. Unset, the password package's defaults hold (100 waiting per
// core, 10 s).
func passwordsFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	if v := strings.TrimSpace(getenv("MARQUEE_PASSWORD_QUEUE")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100_000 {
			errs = append(errs, fmt.Sprintf("MARQUEE_PASSWORD_QUEUE=%q: want a whole number from 1 to 100000", v))
		} else {
			c.PasswordLimits.Queue = n
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_PASSWORD_WAIT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond || d > 50*time.Second {
			errs = append(errs, fmt.Sprintf("MARQUEE_PASSWORD_WAIT=%q: want a duration from 100ms to 50s, such as 10s", v))
		} else {
			c.PasswordLimits.MaxWait = d
		}
	}
	return errs
}
