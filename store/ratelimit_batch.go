package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// hitBatchMax bounds the keys one statement counts (four parameters each).
const hitBatchMax = 500

// hitFlushTimeout bounds one batch's statement; a waiting request gives up
// sooner, when its own context ends.
const hitFlushTimeout = 10 * time.Second

// hitBatch coalesces the hits a node counts at once. The first hit starts a
// flusher goroutine; hits that arrive while it writes wait for the next
// batch, which it writes as soon as the previous one is done. So a burst
// of a thousand requests costs a handful of statements rather than a
// thousand writes queued on one SQLite writer (or a PostgreSQL pool), and
// each hit still gets its exact count: a key hit n times in a batch is
// raised by n in one upsert that returns the new total, and its hits get
// the n counts below it in the order they came.
type hitBatch struct {
	mu       sync.Mutex
	pending  []*pendingHit
	flushing bool
}

// pendingHit is one hit waiting for its batch.
type pendingHit struct {
	key        string
	start, end time.Time
	hits       int64
	err        error
	done       chan struct{}
}

// hitGroup is a batch's hits on one key.
type hitGroup struct {
	key        string
	start, end time.Time
	hits       []*pendingHit
}

// count adds one hit of key in the window [start, end) to the next batch
// and returns the window's count, this hit included.
func (rl *RateLimits) count(ctx context.Context, key string, start, end time.Time) (int64, error) {
	h := &pendingHit{key: key, start: start, end: end, done: make(chan struct{})}
	b := &rl.batch
	b.mu.Lock()
	b.pending = append(b.pending, h)
	if !b.flushing {
		b.flushing = true
		go rl.flushLoop()
	}
	b.mu.Unlock()
	select {
	case <-h.done:
		return h.hits, h.err
	case <-ctx.Done():
		return 0, fmt.Errorf("store: count rate limit hit: %w", ctx.Err())
	}
}

// flushLoop writes batches until no hit waits.
func (rl *RateLimits) flushLoop() {
	for {
		groups := rl.batch.take()
		if groups == nil {
			return
		}
		rl.flush(groups)
	}
}

// take removes the next batch from the queue: up to hitBatchMax keys, in
// order of arrival. A key's hits in a later window than the batch already
// has for it (a window ended while they waited) wait for the next batch.
// It returns nil, and marks the batch idle, when nothing waits.
func (b *hitBatch) take() []*hitGroup {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.pending) == 0 {
		b.flushing = false
		return nil
	}
	byKey := map[string]*hitGroup{}
	var groups []*hitGroup
	var rest []*pendingHit
	for _, h := range b.pending {
		g := byKey[h.key]
		switch {
		case g != nil && g.start.Equal(h.start):
			g.hits = append(g.hits, h)
		case g != nil || len(groups) == hitBatchMax:
			rest = append(rest, h)
		default:
			g = &hitGroup{key: h.key, start: h.start, end: h.end, hits: []*pendingHit{h}}
			byKey[h.key] = g
			groups = append(groups, g)
		}
	}
	b.pending = rest
	return groups
}

// flush counts a batch in one statement and hands each hit its count. The
// keys go in sorted order, so that two nodes' batches lock rows in the same
// order on PostgreSQL.
func (rl *RateLimits) flush(groups []*hitGroup) {
	ctx, cancel := context.WithTimeout(context.Background(), hitFlushTimeout)
	defer cancel()
	totals, err := rl.write(ctx, groups)
	for _, g := range groups {
		total, ok := totals[g.key]
		if err == nil && !ok {
			err = fmt.Errorf("store: count rate limit hit: no count returned")
		}
		n := int64(len(g.hits))
		for i, h := range g.hits {
			h.hits, h.err = total-n+int64(i)+1, err
			close(h.done)
		}
	}
}

// write runs a batch's upsert (after deleting ended windows when one is
// due) and returns each key's count.
func (rl *RateLimits) write(ctx context.Context, groups []*hitGroup) (map[string]int64, error) {
	// A sweep that fails leaves the rows for the next one; the batch is
	// counted all the same.
	_ = rl.sweep(ctx, rl.now().UTC())
	slices.SortFunc(groups, func(a, b *hitGroup) int { return strings.Compare(a.key, b.key) })
	var q strings.Builder
	q.WriteString(`INSERT INTO rate_limits (key, window_start, window_end, hits) VALUES `)
	args := make([]any, 0, 4*len(groups))
	for i, g := range groups {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?, ?, ?)")
		args = append(args, g.key, g.start, g.end, int64(len(g.hits)))
	}
	q.WriteString(` ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + excluded.hits RETURNING key, hits`)
	rows, err := rl.counters().query(ctx, q.String(), args...)
	if err != nil {
		return nil, fmt.Errorf("store: count rate limit hits: %w", err)
	}
	defer rows.Close()
	totals := make(map[string]int64, len(groups))
	for rows.Next() {
		var key string
		var n int64
		if err := rows.Scan(&key, &n); err != nil {
			return nil, fmt.Errorf("store: count rate limit hits: %w", err)
		}
		totals[key] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: count rate limit hits: %w", err)
	}
	return totals, nil
}
