package store

import (
	"sync"
	"time"
)

// gramCountTTL is how long a node keeps a trigram's count of accounts.
const gramCountTTL = time.Minute

// gramCountLimit bounds the trigrams remembered.
const gramCountLimit = 4096

// gramCounts remembers, per node, how many accounts hold a trigram, as
// the SQLite user search counted them (up to a bound): statistics for
// choosing the candidates, like a planner's. Counting a trigram held by
// 2,500 accounts costs about 0.25 ms, and a search counts two or more;
// searches share trigrams (an admin typing '2345', then '23456@'). A count
// only decides which trigrams' accounts are read, and those are always
// read afresh, so a stale count costs time, never a wrong answer. A
// trigram in no account is not remembered, as that answer is 'no match'.
// A role's number of accounts is kept the same way (key "\x00role NAME"):
// it only decides whether the role's accounts are read whole.
type gramCounts struct {
	mu      sync.Mutex
	entries map[string]gramCount
}

type gramCount struct {
	n, bound int // n accounts counted up to bound: n == bound means 'bound or more'
	until    time.Time
}

// count returns what gram's count up to bound is, if a count remembered
// at now tells it.
func (g *gramCounts) count(gram string, bound int, now time.Time) (int, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.entries[gram]
	if !ok || !now.Before(e.until) {
		return 0, false
	}
	if e.n < e.bound {
		return min(e.n, bound), true // an exact count
	}
	if e.bound >= bound {
		return bound, true // at least e.bound, so at least bound
	}
	return 0, false
}

// remember notes at now that gram is held by n accounts counted up to
// bound (n > 0).
func (g *gramCounts) remember(gram string, n, bound int, now time.Time) {
	if n <= 0 {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.entries == nil || len(g.entries) >= gramCountLimit {
		g.entries = map[string]gramCount{}
	}
	g.entries[gram] = gramCount{n: n, bound: bound, until: now.Add(gramCountTTL)}
}
