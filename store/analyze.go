package store

import (
	"context"
	"fmt"
)

// analyze refreshes the planner's statistics after a bulk load (`marquee
// seed` ends with Analyze, which on PostgreSQL also VACUUMs).
//
// On SQLite it keeps only sqlite_stat1. modernc.org/sqlite is built with
// SQLITE_ENABLE_STAT4, and with sqlite_stat4 rows present SQLite plans
// with the values bound to a statement's parameters, so it re-prepares
// every statement whose WHERE names an analysed index each time it is
// bound: a CPU profile of the organiser's submissions page after `marquee
// seed` showed a quarter of the time in sqlite3Reprepare, and the page
// query took 630 µs instead of 290 µs. The per-value estimates are not
// worth that on Marquee's queries, whose plans the indexes already fix.
func (db *DB) analyze(ctx context.Context) error {
	if _, err := db.writer().exec(ctx, `ANALYZE`); err != nil {
		return fmt.Errorf("store: analyze: %w", err)
	}
	if db.dialect != SQLite {
		return nil
	}
	return db.dropStat4(ctx)
}

// Analyze refreshes the planner's statistics after `marquee seed` (see
// analyze); on PostgreSQL it is VACUUM ANALYZE, which also sets the
// visibility map that index-only scans need and empties GIN pending
// lists, so that the admin lists and searches are planned and run over
// the seeded rows as they will be in use.
func (db *DB) Analyze(ctx context.Context) error {
	if db.dialect == Postgres {
		// VACUUM as well: it sets the visibility map that index-only scans
		// need and empties GIN pending lists.
		if _, err := db.writer().exec(ctx, `VACUUM ANALYZE`); err != nil {
			return fmt.Errorf("store: vacuum analyze: %w", err)
		}
		return nil
	}
	return db.analyze(ctx)
}

// dropStat4 keeps only sqlite_stat1 (see analyze).
func (db *DB) dropStat4(ctx context.Context) error {
	var n int
	if err := db.writer().queryRow(ctx, `SELECT COUNT(*) FROM sqlite_schema WHERE name = 'sqlite_stat4'`).Scan(&n); err != nil {
		return fmt.Errorf("store: analyze: %w", err)
	}
	if n == 0 {
		return nil
	}
	// ANALYZE sqlite_schema reloads the statistics on this connection;
	// the read pool's connections load them as they open.
	if _, err := db.writer().exec(ctx, `DELETE FROM sqlite_stat4`); err != nil {
		return fmt.Errorf("store: analyze: drop per-value statistics: %w", err)
	}
	if _, err := db.writer().exec(ctx, `ANALYZE sqlite_schema`); err != nil {
		return fmt.Errorf("store: analyze: reload: %w", err)
	}
	return nil
}
