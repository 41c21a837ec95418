package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// What the store tells an operator (cmd/marquee hands it to the
// telemetry package; the store imports neither Prometheus nor
// OpenTelemetry): its pools' statistics, its transactions and busy
// errors, the outbox's backlog, payments and ticket orders by outcome,
// the search index's size and build times; and, through a QueryTracer,
// a span per statement.

// QueryTracer is told of every statement the store runs through its
// conn helpers (exec, query, queryRow) and of every commit: tracing.
// StartQuery returns the context the statement runs with (the span's);
// EndQuery ends it with the statement's error. system is "sqlite" or
// "postgresql", op the statement's first keyword, query its text (with
// placeholders, never values).
type QueryTracer interface {
	StartQuery(ctx context.Context, system, op, query string) context.Context
	EndQuery(ctx context.Context, err error)
}

// TraceQueries makes t trace db's statements (nil: none, the default,
// which costs one comparison per statement). Call it before serving.
func (db *DB) TraceQueries(t QueryTracer) { db.tracer = t }

// observed holds the store's counts since the process started.
type observed struct {
	commits, rollbacks, failed                 atomic.Uint64
	busy, serialization, deadlock, lockTimeout atomic.Uint64
	payments                                   [2][len(paymentOutcomes)]atomic.Uint64
	orders                                     [len(orderOutcomes)]atomic.Uint64
}

// Payment kinds and outcomes, the labels of ObservedCounts.Payments.
var (
	paymentKinds    = [2]string{"purchase", "ticket_order"}
	paymentOutcomes = [5]string{"succeeded", "failed", "refunded", "refused", "error"}
	orderOutcomes   = [5]string{"created", "refused", "cancelled", "expired", "error"}
)

const (
	kindPurchase = iota
	kindTicketOrder
)

const (
	orderCreated = iota
	orderRefused
	orderCancelled
	orderExpired
	orderError
)

// system names db's engine as OpenTelemetry does.
func (db *DB) system() string {
	if db.dialect == Postgres {
		return "postgresql"
	}
	return "sqlite"
}

// sqlOperation is the first keyword of query ("SELECT", "UPDATE"...),
// the name of its span.
func sqlOperation(query string) string {
	q := strings.TrimLeft(query, " \t\r\n(")
	end := strings.IndexAny(q, " \t\r\n(")
	if end < 0 {
		end = len(q)
	}
	op := strings.ToUpper(q[:end])
	switch op {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "PRAGMA", "CREATE", "DROP", "ALTER", "VACUUM", "COPY", "BEGIN", "COMMIT", "ROLLBACK":
		return op
	}
	return "SQL"
}

// noteError counts err when the database refused for being busy:
// SQLite's lock still held after the busy timeout, PostgreSQL's
// serialization failures, deadlocks and lock timeouts. The store does
// not retry them; they reach the caller.
func (db *DB) noteError(err error) {
	if err == nil || errors.Is(err, sql.ErrNoRows) || errors.Is(err, context.Canceled) {
		return
	}
	s := err.Error()
	switch {
	case strings.Contains(s, "SQLITE_BUSY") || strings.Contains(s, "database is locked"):
		db.obs.busy.Add(1)
	case strings.Contains(s, "SQLSTATE 40001"):
		db.obs.serialization.Add(1)
	case strings.Contains(s, "SQLSTATE 40P01"):
		db.obs.deadlock.Add(1)
	case strings.Contains(s, "SQLSTATE 55P03"):
		db.obs.lockTimeout.Add(1)
	}
}

// notePayment counts a payment event of kind settled with err.
func (db *DB) notePayment(kind int, typ marquee.PaymentEventType, err error) {
	o := 4 // error
	switch {
	case err == nil && typ == marquee.PaymentSucceeded:
		o = 0
	case err == nil && typ == marquee.PaymentFailed:
		o = 1
	case err == nil && typ == marquee.PaymentRefunded:
		o = 2
	case err != nil && marquee.ErrorCode(err) != marquee.EInternal:
		o = 3 // refused: an unknown payment, an amount that differs
	}
	db.obs.payments[kind][o].Add(1)
}

// noteOrder counts n ticket orders ending with outcome.
func (db *DB) noteOrder(outcome int, n int) {
	if n > 0 {
		db.obs.orders[outcome].Add(uint64(n))
	}
}

// PoolStats is one of db's connection pools' statistics.
type PoolStats struct {
	Pool  string
	Stats sql.DBStats
}

// PoolStats returns the statistics of db's pools: on SQLite the single
// writer (which also counts the rate limits) and the readers; on
// PostgreSQL the main pool and the rate limits' own (counters).
func (db *DB) PoolStats() []PoolStats {
	if db.dialect == Postgres {
		return []PoolStats{{"main", db.write.Stats()}, {"counters", db.counters.Stats()}}
	}
	return []PoolStats{{"writer", db.write.Stats()}, {"reader", db.read.Stats()}}
}

// ObservedCounts are the store's counts since the process started.
type ObservedCounts struct {
	// Commits, Rollbacks and Failed count write transactions (inTx) by
	// how they ended: committed, rolled back (the service's error), or
	// their begin or commit failed.
	Commits, Rollbacks, Failed uint64
	// Busy, Serialization, Deadlock and LockTimeout count statements and
	// transactions refused for being busy (see noteError).
	Busy, Serialization, Deadlock, LockTimeout uint64
	// Payments counts payment events by kind (purchase, ticket_order) and
	// outcome (succeeded, failed, refunded, refused, error).
	Payments []OutcomeCount
	// TicketOrders counts ticket orders by outcome (created, refused,
	// cancelled, expired, error).
	TicketOrders []OutcomeCount
}

// OutcomeCount is how many times something of Kind ended with Outcome.
type OutcomeCount struct {
	Kind, Outcome string
	Count         uint64
}

// Observed returns db's counts.
func (db *DB) Observed() ObservedCounts {
	o := &db.obs
	c := ObservedCounts{
		Commits: o.commits.Load(), Rollbacks: o.rollbacks.Load(), Failed: o.failed.Load(),
		Busy: o.busy.Load(), Serialization: o.serialization.Load(), Deadlock: o.deadlock.Load(), LockTimeout: o.lockTimeout.Load(),
	}
	for k, kind := range paymentKinds {
		for i, outcome := range paymentOutcomes {
			c.Payments = append(c.Payments, OutcomeCount{Kind: kind, Outcome: outcome, Count: o.payments[k][i].Load()})
		}
	}
	for i, outcome := range orderOutcomes {
		c.TicketOrders = append(c.TicketOrders, OutcomeCount{Kind: "ticket_order", Outcome: outcome, Count: o.orders[i].Load()})
	}
	return c
}

// outboxCountCap bounds the rows OutboxBacklog counts.
const outboxCountCap = 100_000

// OutboxBacklog returns the mail waiting to be sent (queued and not held
// for an unconfirmed address): how many (at most 100,000) and when the
// oldest was queued (zero when none waits). Both read an index of
// mail_outbox (status, held, created_at).
func (db *DB) OutboxBacklog(ctx context.Context) (queued int64, oldest time.Time, err error) {
	r := db.reader()
	err = r.queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM mail_outbox WHERE status = 'queued' AND held = 0 LIMIT `+fmt.Sprint(outboxCountCap)+`) AS waiting`).Scan(&queued)
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: outbox backlog: %w", err)
	}
	if queued == 0 {
		return 0, time.Time{}, nil
	}
	err = r.queryRow(ctx, `SELECT created_at FROM mail_outbox WHERE status = 'queued' AND held = 0 ORDER BY created_at LIMIT 1`).Scan(&oldest)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, time.Time{}, nil // sent meanwhile
	} else if err != nil {
		return 0, time.Time{}, fmt.Errorf("store: outbox backlog: oldest: %w", err)
	}
	return queued, oldest, nil
}

// SearchIndexStats returns the size and build times of this node's
// festival search index (as last built: reading it does not sync it).
func (db *DB) SearchIndexStats() search.IndexStats {
	return db.searchIndex.IndexStats()
}
