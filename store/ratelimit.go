package store

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/marquee-festival/marquee"
)

// RateLimits counts hits per key in fixed windows, in the database, so that
// every node serving the site shares one count: with two nodes a caller gets
// the limit once, not twice. A key (marquee.RateLimitKey) names a policy and
// whom it counts; the table holds the policy's name and hashes of the rest
// (marquee.RateLimitKey.Stored, with the database's pepper), never an
// address, an IP or a user id. A key is always used with the same window.
//
// A hit raises the row of (key, window start) and reads the new count back
// in one statement, so of parallel hits each gets a count of its own. The
// hits a node counts at once go to the database together (ratelimit_batch.go:
// one statement for up to hitBatchMax keys), on connections of their own
// (DB.counters), so that a rush of requests is not held up, nor let through
// uncounted, by its own counters. Windows are aligned to multiples of their
// length since the zero time (a minute window starts on the minute, UTC), so
// all nodes agree on them; the time comes from Go, never from the
// database's clock. As with any fixed window, a caller can spend a window's
// limit at its end and again at the start of the next one.
//
// Rows of ended windows are deleted after a batch when a minute has passed
// since the last deletion by this RateLimits, so the table holds only recent
// callers. A RateLimits is safe for concurrent use.
type RateLimits struct {
	db  *DB
	now func() time.Time
	// lastSweep is when expired rows were last deleted, in Unix nanoseconds.
	lastSweep atomic.Int64
	batch     hitBatch
}

// rateLimitSweepEvery is how often a RateLimits deletes ended windows.
const rateLimitSweepEvery = time.Minute

// rateLimitConns is the size of the counters' own pool on PostgreSQL.
const rateLimitConns = 4

var _ marquee.RateLimiter = (*RateLimits)(nil)

// NewRateLimits returns rate limits counted in db, reading the time from now
// (time.Now when nil). store.NewServices makes one with the services' clock.
func NewRateLimits(db *DB, now func() time.Time) *RateLimits {
	if now == nil {
		now = time.Now
	}
	return &RateLimits{db: db, now: now}
}

// counters runs statements on the counters' connections.
func (rl *RateLimits) counters() conn { return conn{rl.db.counters, rl.db} }

func checkWindow(window time.Duration) error {
	if window <= 0 || window%time.Microsecond != 0 {
		return fmt.Errorf("store: rate limit window %v is not a positive whole number of microseconds", window)
	}
	return nil
}

// Hit counts one hit for key in the current window of the given length and
// returns the window's count, this hit included (refused hits count too),
// and the time left until the window ends. window must be a positive whole
// number of microseconds (what PostgreSQL keeps). An error means the hit
// may not have been counted; when ctx ends first, it may still be.
func (rl *RateLimits) Hit(ctx context.Context, key marquee.RateLimitKey, window time.Duration) (hits int, retryAfter time.Duration, err error) {
	if err := checkWindow(window); err != nil {
		return 0, 0, err
	}
	stored, err := rl.storedKey(ctx, key)
	if err != nil {
		return 0, 0, err
	}
	now := rl.now().UTC()
	start := now.Truncate(window)
	end := start.Add(window)
	n, err := rl.count(ctx, stored, start, end)
	if err != nil {
		return 0, 0, err
	}
	return int(n), end.Sub(now), nil
}

// Refund takes back one hit counted for key in the current window of the
// given length, never going below zero; a key without hits is left alone.
func (rl *RateLimits) Refund(ctx context.Context, key marquee.RateLimitKey, window time.Duration) error {
	if err := checkWindow(window); err != nil {
		return err
	}
	k, err := rl.storedKey(ctx, key)
	if err != nil {
		return err
	}
	start := rl.now().UTC().Truncate(window)
	// A row holds at least one hit (the table checks it): the last hit goes
	// with its row.
	res, err := rl.counters().exec(ctx, `DELETE FROM rate_limits WHERE key = ? AND window_start = ? AND hits = 1`, k, start)
	if err != nil {
		return fmt.Errorf("store: refund rate limit hit: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if _, err := rl.counters().exec(ctx, `UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND window_start = ? AND hits > 1`, k, start); err != nil {
		return fmt.Errorf("store: refund rate limit hit: %w", err)
	}
	return nil
}

// storedKey is key as the table holds it.
func (rl *RateLimits) storedKey(ctx context.Context, key marquee.RateLimitKey) (string, error) {
	pepper, err := rl.db.countingPepper(ctx)
	if err != nil {
		return "", err
	}
	return key.Stored(pepper), nil
}

// DeleteExpired deletes the counts of windows that have ended and returns
// how many. Counting calls it at most once a minute; nothing else needs to.
func (rl *RateLimits) DeleteExpired(ctx context.Context) (int64, error) {
	return rl.deleteEnded(ctx, rl.now().UTC())
}

// sweep deletes ended windows when a minute has passed since the last sweep
// (or the clock went back); of concurrent callers, one does it.
func (rl *RateLimits) sweep(ctx context.Context, now time.Time) error {
	last := rl.lastSweep.Load()
	if since := now.UnixNano() - last; since >= 0 && since < int64(rateLimitSweepEvery) {
		return nil
	}
	if !rl.lastSweep.CompareAndSwap(last, now.UnixNano()) {
		return nil
	}
	_, err := rl.deleteEnded(ctx, now)
	return err
}

func (rl *RateLimits) deleteEnded(ctx context.Context, now time.Time) (int64, error) {
	res, err := rl.counters().exec(ctx, `DELETE FROM rate_limits WHERE window_end <= ?`, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete ended rate limit windows: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: delete ended rate limit windows: %w", err)
	}
	return n, nil
}

// StoredKeys returns the keys of the counts kept, as the table holds them
// (a policy's name and hashes), in order: what an operator, or a test,
// can see of whom the limits count.
func (rl *RateLimits) StoredKeys(ctx context.Context) ([]string, error) {
	rows, err := rl.counters().query(ctx, `SELECT key FROM rate_limits ORDER BY key, window_start`)
	if err != nil {
		return nil, fmt.Errorf("store: rate limit keys: %w", err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("store: rate limit keys: %w", err)
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}
