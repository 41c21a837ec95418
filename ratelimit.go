package marquee

import (
	"context"
	"time"
)

// RateLimiter counts hits per key in fixed windows shared by every node.
type RateLimiter interface {
	// Hit counts one hit on key and reports whether it is within limit
	// hits per window; when not, retryAfter is the time until the window ends.
	Hit(ctx context.Context, key string, limit int, window time.Duration) (allowed bool, retryAfter time.Duration, err error)
	// Count returns the hits counted on key in the current window without
	// counting one, and the time until the window ends. Limits that count
	// only some outcomes (failed logins) ask it before acting and Hit after.
	Count(ctx context.Context, key string, window time.Duration) (hits int, retryAfter time.Duration, err error)
	// Refund takes back one hit on key in the current window (never below
	// zero): a limit that counts only what succeeds Hits before acting, so
	// that parallel requests cannot pass it together, and refunds a failure.
	Refund(ctx context.Context, key string, window time.Duration) error
}
