package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/marquee-festival/marquee"
)

// RateLimits counts hits per key in fixed windows, in the database, so that
// every node serving the site shares one count: with two nodes a caller gets
// the limit once, not twice. A key names what is limited and for whom (e.g.
// "login-ip:203.0.113.7") and must always be used with the same window.
//
// Each hit is one upsert on the writer connection that bumps the row of
// (key, window start) and returns its count. Windows are aligned to
// multiples of their length since the zero time (a minute window starts on
// the minute, UTC), so all nodes agree on them; the time comes from Go, never
// from the database's clock. As with any fixed window, a caller can spend a
// window's limit at its end and again at the start of the next one.
//
// Rows of ended windows are deleted by the first hit after a minute has
// passed since the last deletion by this RateLimits, so the table holds
// only recent callers. A RateLimits is safe for concurrent use.
type RateLimits struct {
	db  *DB
	now func() time.Time
	// lastSweep is when expired rows were last deleted, in Unix nanoseconds.
	lastSweep atomic.Int64
}

// rateLimitSweepEvery is how often a RateLimits deletes ended windows.
const rateLimitSweepEvery = time.Minute

// rateLimitKeyMax is the longest key stored as it is.
const rateLimitKeyMax = 100

var _ marquee.RateLimiter = (*RateLimits)(nil)

// NewRateLimits returns rate limits counted in db, reading the time from now
// (time.Now when nil). store.NewServices makes one with the services' clock.
func NewRateLimits(db *DB, now func() time.Time) *RateLimits {
	if now == nil {
		now = time.Now
	}
	return &RateLimits{db: db, now: now}
}

// Hit counts one hit for key in the current window of the given length and
// reports whether the window's count, this hit included, is at most limit.
// Refused hits count too. When refused, retryAfter is the time left until the
// window ends. window must be a positive whole number of microseconds (what
// PostgreSQL keeps). An error means the hit may not have been counted and
// says nothing of the limit.
func (rl *RateLimits) Hit(ctx context.Context, key string, limit int, window time.Duration) (allowed bool, retryAfter time.Duration, err error) {
	if window <= 0 || window%time.Microsecond != 0 {
		return false, 0, fmt.Errorf("store: rate limit window %v is not a positive whole number of microseconds", window)
	}
	now := rl.now().UTC()
	if err := rl.sweep(ctx, now); err != nil {
		return false, 0, err
	}
	start := now.Truncate(window)
	end := start.Add(window)
	var hits int64
	err = rl.db.writer().queryRow(ctx, `INSERT INTO rate_limits (key, window_start, window_end, hits) VALUES (?, ?, ?, 1)
		ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
		RETURNING hits`, rateLimitKey(key), start, end).Scan(&hits)
	if err != nil {
		return false, 0, fmt.Errorf("store: count rate limit hit: %w", err)
	}
	if hits <= int64(limit) {
		return true, 0, nil
	}
	return false, end.Sub(now), nil
}

// Count returns the hits counted for key in the current window of the given
// length, without counting one, and the time left until the window ends.
// It reads the writer connection, so that it sees every node's latest hits.
func (rl *RateLimits) Count(ctx context.Context, key string, window time.Duration) (hits int, retryAfter time.Duration, err error) {
	if window <= 0 || window%time.Microsecond != 0 {
		return 0, 0, fmt.Errorf("store: rate limit window %v is not a positive whole number of microseconds", window)
	}
	now := rl.now().UTC()
	start := now.Truncate(window)
	var n int64
	err = rl.db.writer().queryRow(ctx, `SELECT hits FROM rate_limits WHERE key = ? AND window_start = ?`, rateLimitKey(key), start).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		n = 0
	} else if err != nil {
		return 0, 0, fmt.Errorf("store: read rate limit count: %w", err)
	}
	return int(n), start.Add(window).Sub(now), nil
}

// Refund takes back one hit counted for key in the current window of the
// given length, never going below zero; a key without hits is left alone.
func (rl *RateLimits) Refund(ctx context.Context, key string, window time.Duration) error {
	if window <= 0 || window%time.Microsecond != 0 {
		return fmt.Errorf("store: rate limit window %v is not a positive whole number of microseconds", window)
	}
	start := rl.now().UTC().Truncate(window)
	k := rateLimitKey(key)
	// A row holds at least one hit (the table checks it): the last hit goes
	// with its row.
	res, err := rl.db.writer().exec(ctx, `DELETE FROM rate_limits WHERE key = ? AND window_start = ? AND hits = 1`, k, start)
	if err != nil {
		return fmt.Errorf("store: refund rate limit hit: %w", err)
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	if _, err := rl.db.writer().exec(ctx, `UPDATE rate_limits SET hits = hits - 1 WHERE key = ? AND window_start = ? AND hits > 1`, k, start); err != nil {
		return fmt.Errorf("store: refund rate limit hit: %w", err)
	}
	return nil
}

// DeleteExpired deletes the counts of windows that have ended and returns
// how many. Hit calls it at most once a minute; nothing else needs to.
func (rl *RateLimits) DeleteExpired(ctx context.Context) (int64, error) {
	return rl.deleteEnded(ctx, rl.now().UTC())
}

// sweep deletes ended windows when a minute has passed since the last sweep
// (or the clock went back); of concurrent hits, one does it.
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
	res, err := rl.db.writer().exec(ctx, `DELETE FROM rate_limits WHERE window_end <= ?`, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete ended rate limit windows: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: delete ended rate limit windows: %w", err)
	}
	return n, nil
}

// rateLimitKey is how key is stored: as it is when short printable ASCII
// (readable by an operator), otherwise (long, other scripts or bytes, or
// looking like a hashed key) as "sha256:" and the hex of its SHA-256, which
// keeps the column short and any byte sequence storable.
func rateLimitKey(key string) string {
	plain := len(key) <= rateLimitKeyMax && !strings.HasPrefix(key, "sha256:")
	for i := 0; plain && i < len(key); i++ {
		plain = key[i] >= 0x20 && key[i] < 0x7f
	}
	if plain {
		return key
	}
	sum := sha256.Sum256([]byte(key))
	return "sha256:" + hex.EncodeToString(sum[:])
}
