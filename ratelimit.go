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
}
