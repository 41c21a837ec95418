package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee/poster"
)

// postersFromEnv reads MARQUEE_POSTER_MEMORY_MB and MARQUEE_POSTER_WAIT,
// the bounds of the poster decodes running at once (poster.Config), into
// c and returns what is wrong with them. Unset, the poster package's
// defaults hold.
func postersFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	if v := strings.TrimSpace(getenv("MARQUEE_POSTER_MEMORY_MB")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 64 || n > 1<<20 {
			errs = append(errs, fmt.Sprintf("MARQUEE_POSTER_MEMORY_MB=%q: want a whole number of MiB, at least 64", v))
		} else {
			c.Posters.Memory = int64(n) << 20
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_POSTER_WAIT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond || d > 50*time.Second {
			errs = append(errs, fmt.Sprintf("MARQUEE_POSTER_WAIT=%q: want a duration from 100ms to 50s, such as 10s", v))
		} else {
			c.Posters.MaxWait = d
		}
	}
	return errs
}

// posterEncoder returns the process's poster encoder.
func posterEncoder(c config) *poster.Encoder { return poster.New(c.Posters) }
