package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
)

// limiterTimeout bounds the wait for the database's count, after which the
// request goes on as if allowed.
const limiterTimeout = 2 * time.Second

// keyedLimiter allows each key (a client IP, an account) limit hits per
// window. The hits are counted in the database (marquee.RateLimiter, which
// the store implements), so every
// node behind a load balancer shares one count: with two nodes a client gets
// the limit once, not twice.
//
// It fails open: when the database cannot count a hit, the hit is allowed
// and the error logged, since a rate limiter must not take the site down.
type keyedLimiter struct {
	limits marquee.RateLimiter
	// name tells this limiter's keys from the others' in the shared table.
	name   string
	limit  int
	window time.Duration
	log    *slog.Logger
}

func newKeyedLimiter(limits marquee.RateLimiter, log *slog.Logger, name string, limit int, window time.Duration) *keyedLimiter {
	return &keyedLimiter{limits: limits, name: name, limit: limit, window: window, log: log}
}

// Allow counts one hit for key and reports whether it is within the limit.
// When it is not, it sets Retry-After on w to the seconds left in the window.
func (k *keyedLimiter) Allow(w http.ResponseWriter, r *http.Request, key string) bool {
	ctx, cancel := context.WithTimeout(r.Context(), limiterTimeout)
	defer cancel()
	ok, retry, err := k.limits.Hit(ctx, k.name+":"+key, k.limit, k.window)
	if err != nil {
		if !errors.Is(r.Context().Err(), context.Canceled) {
			requestLogger(r, k.log).Error("rate limit not counted; request allowed", "limit", k.name, "err", err)
		}
		return true
	}
	if !ok {
		setRetryAfter(w, retry)
	}
	return ok
}

// Refund takes back the hit Allow counted for key, for limits that count
// only what succeeds (festival registrations): Allow before acting, so that
// parallel requests cannot all pass, and Refund when the action failed.
func (k *keyedLimiter) Refund(r *http.Request, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), limiterTimeout)
	defer cancel()
	if err := k.limits.Refund(ctx, k.name+":"+key, k.window); err != nil {
		requestLogger(r, k.log).Error("rate limit hit not refunded", "limit", k.name, "err", err)
	}
}
