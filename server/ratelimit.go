package server

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

func perMinute(n int) rate.Limit { return rate.Limit(float64(n) / 60) }
func perHour(n int) rate.Limit   { return rate.Limit(float64(n) / 3600) }

// keyedLimiter is a token bucket per key (an IP or an account). Idle buckets
// are dropped once full again, so memory stays bounded by recent callers.
// Limits are per node: with several nodes a caller gets each node's allowance.
type keyedLimiter struct {
	mu      sync.Mutex
	limit   rate.Limit
	burst   int
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newKeyedLimiter(limit rate.Limit, burst int) *keyedLimiter {
	return &keyedLimiter{limit: limit, burst: max(burst, 1), buckets: map[string]*bucket{}}
}

// Allow takes one token from key's bucket and reports whether there was one.
func (k *keyedLimiter) Allow(key string, now time.Time) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.sweep) > time.Minute {
		k.sweep = now
		refill := time.Duration(float64(k.burst)/float64(k.limit)) * time.Second
		for key, b := range k.buckets {
			if now.Sub(b.seen) > refill {
				delete(k.buckets, key)
			}
		}
	}
	b, ok := k.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(k.limit, k.burst)}
		k.buckets[key] = b
	}
	b.seen = now
	return b.lim.AllowN(now, 1)
}
