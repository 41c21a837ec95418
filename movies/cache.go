package movies

import (
	"sync"
	"time"
)

// cache keeps the movie database's answers for a while, in this process:
// it only saves outside calls, and two nodes holding different copies for
// up to an hour show the same public data, so nothing is shared. It holds
// at most max entries; when full, expired entries go first, then the one
// closest to expiring. Concurrent misses of one key make one call.
type cache struct {
	ttl   time.Duration
	max   int
	clock func() time.Time

	mu       sync.Mutex
	entries  map[string]cacheEntry
	inFlight map[string]*flight
}

type cacheEntry struct {
	value   any
	expires time.Time
}

// flight is one fetch others wait for.
type flight struct {
	done  chan struct{}
	value any
	err   error
}

func newCache(ttl time.Duration, max int, clock func() time.Time) *cache {
	return &cache{ttl: ttl, max: max, clock: clock, entries: map[string]cacheEntry{}, inFlight: map[string]*flight{}}
}

// get returns the value under key, fetching and keeping it when it is
// missing or expired. Errors are not kept: the next call fetches again.
func (c *cache) get(key string, fetch func() (any, error)) (any, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok && c.clock().Before(e.expires) {
		c.mu.Unlock()
		return e.value, nil
	}
	if f, ok := c.inFlight[key]; ok {
		c.mu.Unlock()
		<-f.done
		return f.value, f.err
	}
	f := &flight{done: make(chan struct{})}
	c.inFlight[key] = f
	c.mu.Unlock()

	f.value, f.err = fetch()

	c.mu.Lock()
	delete(c.inFlight, key)
	if f.err == nil {
		c.put(key, f.value)
	}
	c.mu.Unlock()
	close(f.done)
	return f.value, f.err
}

// put keeps value under key; c.mu is held.
func (c *cache) put(key string, value any) {
	now := c.clock()
	if _, ok := c.entries[key]; !ok && len(c.entries) >= c.max {
		for k, e := range c.entries {
			if !now.Before(e.expires) {
				delete(c.entries, k)
			}
		}
		for len(c.entries) >= c.max {
			var oldest string
			var at time.Time
			for k, e := range c.entries {
				if oldest == "" || e.expires.Before(at) {
					oldest, at = k, e.expires
				}
			}
			delete(c.entries, oldest)
		}
	}
	c.entries[key] = cacheEntry{value: value, expires: now.Add(c.ttl)}
}

// len returns the number of entries kept (for tests).
func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}
