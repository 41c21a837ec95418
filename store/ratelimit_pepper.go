package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
)

// ratePepper caches the pepper of the rate limits' keys, read once from
// rate_limit_pepper (the row never changes once made).
type ratePepper struct {
	v atomic.Pointer[[]byte]
	// loading lets one of the hits that find no pepper cached read it,
	// while the others wait (a rush of first requests reads it once).
	loading sync.Mutex
}

// countingPepper is rateLimitPepper for counting: read from the read
// pool (on SQLite, it does not wait behind the writer's queue) by one
// caller at a time, and created through the counters' connections when no
// node has made it yet.
func (db *DB) countingPepper(ctx context.Context) ([]byte, error) {
	if p := db.pepper.v.Load(); p != nil {
		return *p, nil
	}
	db.pepper.loading.Lock()
	defer db.pepper.loading.Unlock()
	if p := db.pepper.v.Load(); p != nil {
		return *p, nil
	}
	var text string
	err := db.reader().queryRow(ctx, `SELECT pepper FROM rate_limit_pepper WHERE id = 1`).Scan(&text)
	if err == nil {
		return db.keepPepper(text)
	}
	return db.rateLimitPepper(ctx, conn{db.counters, db})
}

// rateLimitPepper returns the secret that marquee.RateLimitKey.Stored
// hashes subjects with: one random rate_limit_pepper row that the first
// node to need it creates (INSERT ... ON CONFLICT DO NOTHING), so that
// every node hashes alike. It reads through c, so that a transaction
// (an account's deletion) may ask.
func (db *DB) rateLimitPepper(ctx context.Context, c conn) ([]byte, error) {
	if p := db.pepper.v.Load(); p != nil {
		return *p, nil
	}
	var text string
	err := c.queryRow(ctx, `SELECT pepper FROM rate_limit_pepper WHERE id = 1`).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		b := make([]byte, 32)
		_, _ = rand.Read(b) // crypto/rand.Read never fails (it crashes the program instead)
		if _, err := c.exec(ctx, `INSERT INTO rate_limit_pepper (id, pepper) VALUES (1, ?) ON CONFLICT (id) DO NOTHING`,
			hex.EncodeToString(b)); err != nil {
			return nil, fmt.Errorf("store: create rate limit pepper: %w", err)
		}
		err = c.queryRow(ctx, `SELECT pepper FROM rate_limit_pepper WHERE id = 1`).Scan(&text)
	}
	if err != nil {
		return nil, fmt.Errorf("store: read rate limit pepper: %w", err)
	}
	return db.keepPepper(text)
}

// keepPepper caches the pepper read as text.
func (db *DB) keepPepper(text string) ([]byte, error) {
	p, err := hex.DecodeString(text)
	if err != nil || len(p) == 0 {
		return nil, fmt.Errorf("store: rate limit pepper is not hex")
	}
	db.pepper.v.Store(&p)
	return p, nil
}

// rateLimitAccountSuffix is a LIKE pattern of the keys whose subject ends
// with the account of email (login failures, reset requests), for an
// account's deletion.
func (db *DB) rateLimitAccountSuffix(ctx context.Context, c conn, email string) (string, error) {
	pepper, err := db.rateLimitPepper(ctx, c)
	if err != nil {
		return "", err
	}
	return "%:" + marquee.RateLimitKeyPart(pepper, marquee.RateLimitAccount(email)), nil
}
