// Package store keeps Marquee's data in SQLite (the default: one file, no
// server) or PostgreSQL. Queries are written once with `?` placeholders and
// rewritten to `$n` for PostgreSQL; times are always passed in from Go, in UTC.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Dialect names the database engine behind a DB.
type Dialect string

// The supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

//go:embed migrations
var migrations embed.FS

// postgresConns is the size of the PostgreSQL pool for a server using
// procs cores: four a core, at least 4 and at most 20. More connections
// than the cores can serve only queue inside PostgreSQL, where every
// statement then waits among all the others: measured at 32 clients on
// two cores with the default seed (scripts/speed.sh, PostgreSQL on the
// same machine), 8 connections gave the organiser's pages 10-20 % more
// requests a second and a p95 of 26-34 ms where 20 gave 33-46 ms. A
// request waiting for a connection waits in Go, in order. Every
// connection of the pool is kept open when idle: closing and opening
// PostgreSQL connections under a steady load costs a process each.
func postgresConns(procs int) int {
	return min(max(4*procs, 4), 20)
}

// DB is Marquee's database: a single writer connection and a pool of readers
// on SQLite, one pool on PostgreSQL. It keeps connections, transactions,
// dialect rewriting and migrations; the services (service.go) hold the
// rules and the clock.
type DB struct {
	write   *sql.DB
	read    *sql.DB
	dialect Dialect
	// path is the SQLite database's file ("" on PostgreSQL).
	path string
	// walDirty is set when forgetFreedPages could not clear the
	// write-ahead log; the next write transaction tries again.
	walDirty atomic.Bool
	// counters writes the rate limits' counts (ratelimit.go): the writer
	// on SQLite, a small pool of its own on PostgreSQL, so that a counter
	// never waits for a connection behind the requests it counts.
	counters *sql.DB
	// pepper caches the rate limits' key pepper (ratelimit_pepper.go).
	pepper ratePepper
	// readStmts keeps the read pool's prepared statements (SQLite only;
	// stmt_cache.go).
	readStmts *stmtCache
	// searchIndex answers festival searches from memory (festival_search_index.go).
	searchIndex festivalIndex
	// pages keeps festivals' public pages encoded (festival_page.go).
	pages festivalPages
	// refresh remembers the day refreshDaily last ran (festival_refresh.go).
	refresh refreshState
	// tracer, when set, is told of every statement (observe.go).
	tracer QueryTracer
	// obs counts transactions, busy errors and outcomes (observe.go).
	obs observed
}

// Open connects to the database named by url: "sqlite:PATH" (relative or
// absolute; the folder is created) or a "postgres://" URL. It does not migrate.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	db := &DB{}
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		pool, err := sql.Open("pgx", rawURL)
		if err != nil {
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		conns := postgresConns(runtime.GOMAXPROCS(0))
		pool.SetMaxOpenConns(conns)
		pool.SetMaxIdleConns(conns)
		pool.SetConnMaxIdleTime(5 * time.Minute)
		counters, err := sql.Open("pgx", rawURL)
		if err != nil {
			pool.Close()
			return nil, fmt.Errorf("store: open postgres: %w", err)
		}
		counters.SetMaxOpenConns(rateLimitConns)
		counters.SetMaxIdleConns(rateLimitConns)
		counters.SetConnMaxIdleTime(5 * time.Minute)
		db.write, db.read, db.counters, db.dialect = pool, pool, counters, Postgres
	case strings.HasPrefix(rawURL, "sqlite:"):
		path := strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//")
		if path == "" {
			return nil, errors.New("store: sqlite URL has no path (want sqlite:PATH)")
		}
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("store: create database folder: %w", err)
			}
		}
		w, err := openSQLite(path, 1, "_txlock=immediate")
		if err != nil {
			return nil, err
		}
		r, err := openSQLite(path, max(4, runtime.NumCPU()*2), readerPragmas)
		if err != nil {
			w.Close()
			return nil, err
		}
		db.write, db.read, db.counters, db.dialect, db.path = w, r, w, SQLite, path
		db.readStmts = newStmtCache(r)
	default:
		return nil, fmt.Errorf("store: unsupported database URL %q (want sqlite:PATH or postgres://...)", redact(rawURL))
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// readerPragmas are the reader connections' own: each keeps up to 16 MB of
// pages (SQLite's default is 2 MB) and reads the file through a memory
// map of up to 2 GiB, so a page another connection or an earlier request
// read is not copied in again by a system call. On the default seed (1.4
// GB) they raised the hot festival's submissions list from 682 to 870
// answers a second at 32 clients (scripts/speed.sh). Mapped pages are the
// kernel's page cache, shared and given back under memory pressure; they
// show in the process's RSS as file-backed memory (RssFile), not heap.
const readerPragmas = "_pragma=cache_size(-16000)&_pragma=mmap_size(2147483648)"

// openSQLite opens a pool on one SQLite file with a busy timeout, WAL,
// foreign keys and secure_delete on every connection. The busy timeout
// comes first: two pools open the same file at start, and switching to WAL
// takes a lock that the other connection must wait for rather than fail on
// (SQLite's and PocketBase's guidance). secure_delete overwrites deleted
// rows and freed pages with zeros, so a deleted account's data does not
// stay readable in the file's free space (forgetFreedPages clears the
// write-ahead log's older copies).
func openSQLite(path string, conns int, extra string) (*sql.DB, error) {
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "foreign_keys(1)", "synchronous(NORMAL)", "secure_delete(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_time_format", "sqlite")
	dsn := "file:" + path + "?" + q.Encode()
	if extra != "" {
		dsn += "&" + extra
	}
	pool, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: open sqlite %s: %w", path, err)
	}
	pool.SetMaxOpenConns(conns)
	pool.SetMaxIdleConns(conns)
	pool.SetConnMaxIdleTime(0)
	return pool, nil
}

func redact(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		u.User = url.User(u.User.Username())
		return u.String()
	}
	return raw
}

// Dialect reports the engine behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.read.PingContext(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	var one int
	if err := db.read.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("store: ping query: %w", err)
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	if db.readStmts != nil {
		db.readStmts.close()
	}
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	if db.counters != nil && db.counters != db.write {
		err = errors.Join(err, db.counters.Close())
	}
	return err
}

// Migrate brings the schema up to date with the embedded migrations, then
// rebuilds what they left stale (rebuildStaleCalibrations).
func (db *DB) Migrate(ctx context.Context) error {
	dir := "migrations/sqlite"
	gd := goose.DialectSQLite3
	if db.dialect == Postgres {
		dir, gd = "migrations/postgres", goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	p, err := goose.NewProvider(gd, db.write, sub)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	// A migration may rewrite the whole file (00023's VACUUM): the
	// write-ahead log then holds every page, old ones included.
	db.forgetFreedPages(ctx)
	// Derived data a migration (or a bulk load) left to rebuild: the
	// calibration of the festivals marked calibration_stale (00028).
	return rebuildStaleCalibrations(ctx, db)
}

// rebind rewrites `?` placeholders to `$1..$n` for PostgreSQL.
func (db *DB) rebind(q string) string {
	if db.dialect != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// conn runs rebound queries on one querier.
type conn struct {
	q  querier
	db *DB
}

func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	query = c.db.rebind(query)
	if t := c.db.tracer; t != nil {
		ctx = t.StartQuery(ctx, c.db.system(), sqlOperation(query), query)
		res, err := c.q.ExecContext(ctx, query, args...)
		c.db.noteError(err)
		t.EndQuery(ctx, err)
		return res, err
	}
	res, err := c.q.ExecContext(ctx, query, args...)
	if err != nil {
		c.db.noteError(err)
	}
	return res, err
}

func (c conn) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	query = c.db.rebind(query)
	if t := c.db.tracer; t != nil {
		ctx = t.StartQuery(ctx, c.db.system(), sqlOperation(query), query)
		rows, err := c.q.QueryContext(ctx, query, args...)
		c.db.noteError(err)
		t.EndQuery(ctx, err)
		return rows, err
	}
	rows, err := c.q.QueryContext(ctx, query, args...)
	if err != nil {
		c.db.noteError(err)
	}
	return rows, err
}

// queryRow's error shows only at Scan: its span ends when the row is
// read from the database, with no error.
func (c conn) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	query = c.db.rebind(query)
	if t := c.db.tracer; t != nil {
		ctx = t.StartQuery(ctx, c.db.system(), sqlOperation(query), query)
		row := c.q.QueryRowContext(ctx, query, args...)
		t.EndQuery(ctx, row.Err())
		return row
	}
	return c.q.QueryRowContext(ctx, query, args...)
}

// reader runs queries on the read pool; writer on the single write connection.
func (db *DB) reader() conn {
	if db.readStmts != nil {
		return conn{cachedPool{db.read, db.readStmts}, db}
	}
	return conn{db.read, db}
}
func (db *DB) writer() conn { return conn{db.write, db} }

// inSerialRead runs fn over the read pool, and on PostgreSQL in a
// read-only transaction planned without parallel workers (SET LOCAL
// max_parallel_workers_per_gather = 0): a long read such as a CSV export
// of 5,000 rows was planned as a Gather Merge of three processes, about
// 110 ms of CPU for 55 ms of wall time, against 47 ms in one process; on
// two cores, four exports at once then waited for each other's workers
// (p95 264–356 ms). SQLite has no parallel plans: fn gets the read pool.
func (db *DB) inSerialRead(ctx context.Context, fn func(c conn) error) error {
	if db.dialect != Postgres {
		return fn(db.reader())
	}
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		db.noteError(err)
		return fmt.Errorf("store: begin read: %w", err)
	}
	defer tx.Rollback() // read only: nothing to commit
	if _, err := tx.ExecContext(ctx, `SET LOCAL max_parallel_workers_per_gather = 0`); err != nil {
		db.noteError(err)
		return fmt.Errorf("store: serial read: %w", err)
	}
	return fn(conn{tx, db})
}

// inTx runs fn in a write transaction, committed when fn returns nil.
func (db *DB) inTx(ctx context.Context, fn func(c conn) error) error {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		db.obs.failed.Add(1)
		db.noteError(err)
		return fmt.Errorf("store: begin: %w", err)
	}
	if err := fn(conn{tx, db}); err != nil {
		_ = tx.Rollback()
		db.obs.rollbacks.Add(1)
		return err
	}
	if err := db.commit(ctx, tx); err != nil {
		db.obs.failed.Add(1)
		db.noteError(err)
		return fmt.Errorf("store: commit: %w", err)
	}
	db.obs.commits.Add(1)
	if db.walDirty.Load() {
		db.forgetFreedPages(ctx)
	}
	return nil
}

// commit commits tx, in a span of its own when tracing.
func (db *DB) commit(ctx context.Context, tx *sql.Tx) error {
	if t := db.tracer; t != nil {
		ctx = t.StartQuery(ctx, db.system(), "COMMIT", "COMMIT")
		err := tx.Commit()
		t.EndQuery(ctx, err)
		return err
	}
	return tx.Commit()
}

// isUniqueViolation reports whether err is a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// limitOffset returns a LIMIT clause with the page size written in and the
// offset left to a parameter. SQLite reads a bound LIMIT's value while
// planning (to estimate the rows a query returns), and a plan that read a
// parameter's value is thrown away and re-prepared each time a new value
// is bound: a bound LIMIT made every paged list parse and plan its query
// twice per request. The page size comes from Go (never from the request
// as text), so writing it in is safe, and the few sizes keep the prepared
// statements few.
func limitOffset(limit int) string {
	return ` LIMIT ` + strconv.Itoa(max(limit, 0)) + ` OFFSET ?`
}

// idsIn returns the condition that column is one of ids, and its
// arguments: on SQLite `column IN (?, ...)`; on PostgreSQL one array
// parameter, so that the statement's text and plan are the same whatever
// the number of ids (with one parameter each, every page of 50 was
// planned afresh: about 1 ms of the ranking's 2.3).
func (c conn) idsIn(column string, ids []int64) (string, []any) {
	if c.db.dialect == Postgres {
		b := make([]byte, 0, len(ids)*8+2)
		b = append(b, '{')
		for i, id := range ids {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, id, 10)
		}
		return column + ` = ANY(CAST(? AS bigint[]))`, []any{string(append(b, '}'))}
	}
	return column + ` IN (` + subMarks(len(ids)) + `)`, subArgs(ids)
}

// pageClause returns the LIMIT and OFFSET of a page of a heavy query (a
// join per row) and the arguments it adds. On SQLite it is limitOffset
// with the offset as the one argument. On PostgreSQL both are written in:
// with `OFFSET $n`, the server's generic plan is costed for an unknown
// offset (a tenth of the rows) and looks dearer than a plan for the
// values, so PostgreSQL planned the organiser's list and ranking afresh on
// every call (about 2 ms for the four-table join, more than running it);
// with the numbers written in it settles on one plan per page size and
// page after five calls. Both numbers come from Go, never from the
// request as text.
func (c conn) pageClause(limit, offset int) (string, []any) {
	if c.db.dialect == Postgres {
		return ` LIMIT ` + strconv.Itoa(max(limit, 0)) + ` OFFSET ` + strconv.Itoa(max(offset, 0)), nil
	}
	return limitOffset(limit), []any{offset}
}
