package store

import (
	"sync"
	"time"
)

// broadSearchTTL is how long a node remembers that a user search matched
// more than marquee.CountCap accounts.
const broadSearchTTL = time.Minute

// broadSearchLimit bounds the searches remembered.
const broadSearchLimit = 256

// broadSearches remembers, per node, the admin user searches that matched
// more accounts than a count goes to ('10,000+'): counting 10,001 matches
// of a query whose every trigram is common (`example.test`, every seeded
// address) costs 8–10 ms each time, and an admin paging through such a
// search would pay it per page. The answer '10,000+' can only turn wrong
// when thousands of accounts go within the minute, so it is kept for
// broadSearchTTL; smaller counts are always counted afresh.
type broadSearches struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// known reports whether query matched more than the cap until now.
func (b *broadSearches) known(query string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	until, ok := b.until[query]
	return ok && now.Before(until)
}

// remember notes that query matched more than the cap at now.
func (b *broadSearches) remember(query string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.until == nil || len(b.until) >= broadSearchLimit {
		b.until = map[string]time.Time{}
	}
	b.until[query] = now.Add(broadSearchTTL)
}
