package store

import (
	"context"
	"io/fs"
	"time"

	"github.com/marquee-festival/marquee"

	"github.com/pressly/goose/v3"
)

// Raw SQL for the package's external tests (store_test): they arrange
// states no service writes yet (credits spent, a package withdrawn) and
// audit tables (the ledger's sums). This file is compiled into the tests
// only; it is no API.

// SetSearchBoundsForTest lowers the bounds of the admin user search's
// trigram probes on SQLite (0: the default), so that a test takes each of
// its paths with a few accounts.
func (db *UserService) SetSearchBoundsForTest(rare, wide int) {
	db.bounds = searchBounds{rare: rare, wide: wide, walk: db.bounds.walk}
}

// SetSearchWalkForTest bounds the accounts the admin user search's walk
// reads (walkSearch; 0: the default), so that a test sees it stop
// without an answer and the index answer instead.
func (db *UserService) SetSearchWalkForTest(rows int) {
	db.bounds.walk = rows
}

// RememberBroadSearchForTest makes this node remember that query of role
// matched past marquee.CountCap, as a search of more accounts would.
func (db *UserService) RememberBroadSearchForTest(query string, role marquee.Role) {
	db.broad.remember(broadKey(query, role), db.now())
}

// ExecForTest runs q on the write connection.
func (db *DB) ExecForTest(ctx context.Context, q string, args ...any) error {
	_, err := db.writer().exec(ctx, q, args...)
	return err
}

// Int64ForTest runs q, which selects one integer, on the write connection.
func (db *DB) Int64ForTest(ctx context.Context, q string, args ...any) (int64, error) {
	var n int64
	err := db.writer().queryRow(ctx, q, args...).Scan(&n)
	return n, err
}

// MoveCreditsForTest moves credits as the services do (moveCredits, in
// a transaction of its own): tests give or spend credits through it.
func (db *DB) MoveCreditsForTest(ctx context.Context, entries ...marquee.LedgerEntry) error {
	return db.inTx(ctx, func(c conn) error {
		_, err := moveCredits(ctx, c, entries...)
		return err
	})
}

// MigrateDownToForTest rolls the schema back to version (the migrations'
// own Down steps), so that a test can fill the tables as they were and
// then Migrate again.
func (db *DB) MigrateDownToForTest(ctx context.Context, version int64) error {
	dir, gd := "migrations/sqlite", goose.DialectSQLite3
	if db.dialect == Postgres {
		dir, gd = "migrations/postgres", goose.DialectPostgres
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(gd, db.write, sub)
	if err != nil {
		return err
	}
	_, err = p.DownTo(ctx, version)
	return err
}

// AuditInTxForTest records e in a transaction that then runs q: when q
// fails, the transaction (and its audit entry) rolls back.
func (db *DB) AuditInTxForTest(ctx context.Context, now time.Time, e marquee.AuditEntry, q string) error {
	return db.inTx(ctx, func(c conn) error {
		if err := recordAudit(ctx, c, now, e); err != nil {
			return err
		}
		_, err := c.exec(ctx, q)
		return err
	})
}

// RebuildSubmissionRollupsForTest recomputes the submission rollups after
// a test inserted submissions in bulk.
func (db *DB) RebuildSubmissionRollupsForTest(ctx context.Context) error {
	return rebuildSubmissionRollups(ctx, db.writer())
}

// QueryForTest runs q on the write connection and hands each row's scan
// to row.
func (db *DB) QueryForTest(ctx context.Context, q string, args []any, row func(scan func(dest ...any) error) error) error {
	rows, err := db.writer().query(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// RebuildCalibrationForTest computes a festival's calibration again from
// its scores, after a test wrote scores directly.
func (db *DB) RebuildCalibrationForTest(ctx context.Context, festivalID int64) error {
	return db.inTx(ctx, func(c conn) error { return rebuildCalibration(ctx, c, festivalID) })
}

// FileForTest is the SQLite database's file ("" on PostgreSQL), for tests
// that read its raw bytes (and its -wal beside it).
func (db *DB) FileForTest() string { return db.path }
