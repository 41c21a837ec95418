package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// stmtCacheLimit bounds the statements one cache keeps: the store builds
// its queries from a fixed set of fragments, so a few hundred texts cover
// every read; a text past the limit runs unprepared.
const stmtCacheLimit = 512

// stmtCache keeps one prepared *sql.Stmt per query text on a pool.
// SQLite (modernc) parses and plans a statement every time an unprepared
// query runs, which costs as much as running a page query itself; a
// prepared statement keeps its plan per connection (database/sql prepares
// it lazily on each connection of the pool that runs it). PostgreSQL's
// driver (pgx) caches its statements itself, so only SQLite pools get one.
type stmtCache struct {
	pool *sql.DB
	mu   sync.RWMutex
	byQ  map[string]*sql.Stmt
}

func newStmtCache(pool *sql.DB) *stmtCache {
	return &stmtCache{pool: pool, byQ: map[string]*sql.Stmt{}}
}

// get returns the prepared statement of query, preparing it on first use;
// nil when the cache is full (the caller runs the query unprepared).
func (c *stmtCache) get(ctx context.Context, query string) (*sql.Stmt, error) {
	c.mu.RLock()
	st, ok := c.byQ[query]
	c.mu.RUnlock()
	if ok {
		return st, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st, ok := c.byQ[query]; ok {
		return st, nil
	}
	if len(c.byQ) >= stmtCacheLimit {
		return nil, nil
	}
	st, err := c.pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	c.byQ[query] = st
	return st, nil
}

// close closes every cached statement.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.byQ {
		_ = st.Close()
		delete(c.byQ, q)
	}
}

// cachedPool is a querier over a pool whose reads go through prepared
// statements kept in a stmtCache.
type cachedPool struct {
	*sql.DB
	cache *stmtCache
}

// QueryContext runs query as the cache's prepared statement.
func (p cachedPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := p.cache.get(ctx, query)
	if err != nil || st == nil {
		// A text that does not prepare (a syntax error) reports its error
		// the way an unprepared query would.
		return p.DB.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs query as the cache's prepared statement.
func (p cachedPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := p.cache.get(ctx, query)
	if err != nil || st == nil {
		return p.DB.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}
