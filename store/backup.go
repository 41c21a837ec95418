package store

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Backups of a SQLite database (`marquee backup`, `marquee restore`): a
// backup is one self-contained SQLite file made by VACUUM INTO, which
// reads the database in one read transaction (so it is the database as
// of one commit, whatever the writers do meanwhile: in WAL mode they are
// not held up) and writes a compact copy. Before it is trusted (after
// it is made, and before it is restored) a file is checked: it is a
// SQLite database, PRAGMA integrity_check and foreign_key_check find
// nothing, its migrations are Marquee's and not newer than this binary's,
// and the invariants hold (Invariants). PostgreSQL is backed up with
// pg_dump and restored with pg_restore (README, Backups and restore);
// (*DB).CheckInvariants checks a restored database.

// ErrDatabaseInUse is RestoreSQLite's answer when another connection has
// the database open (a `marquee serve` still running) and force is off.
var ErrDatabaseInUse = errors.New("the database is in use")

// LatestMigration returns the version of the newest migration this binary
// carries for dialect.
func LatestMigration(dialect Dialect) int64 {
	dir := "migrations/sqlite"
	if dialect == Postgres {
		dir = "migrations/postgres"
	}
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return 0
	}
	var latest int64
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		if n, err := strconv.ParseInt(num, 10, 64); ok && err == nil && n > latest {
			latest = n
		}
	}
	return latest
}

// MigrationVersion returns the newest migration applied to the database
// q reads (goose's table); an error when it has none (not a Marquee
// database, or never migrated).
func MigrationVersion(ctx context.Context, q querier) (int64, error) {
	var v sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`).Scan(&v); err != nil {
		return 0, fmt.Errorf("store: migration version (not a Marquee database?): %w", err)
	}
	if !v.Valid || v.Int64 <= 0 {
		return 0, errors.New("store: the database has no migration applied (not a Marquee database?)")
	}
	return v.Int64, nil
}

// MigrationVersion returns the newest migration applied to db.
func (db *DB) MigrationVersion(ctx context.Context) (int64, error) {
	return MigrationVersion(ctx, db.read)
}

// maxListed bounds the rows each invariant lists: the count says the rest.
const maxListed = 10

// invariants are the facts the rules keep in every committed state, each
// a query listing the rows that break it (a description per row).
var invariants = []struct{ name, query string }{
	// Credits move only with ledger rows (credit_ledger.go's moveCredits).
	{"a user's credits equal the sum of their ledger rows", `SELECT 'user ' || CAST(u.id AS TEXT) || ': credits ' || CAST(u.credits AS TEXT) || ', ledger ' ||
		CAST(COALESCE((SELECT SUM(l.delta) FROM credit_ledger l WHERE l.user_id = u.id), 0) AS TEXT)
		FROM users u WHERE u.credits <> COALESCE((SELECT SUM(l.delta) FROM credit_ledger l WHERE l.user_id = u.id), 0) OR u.credits < 0
		ORDER BY u.id`},
	// A paid order's seats are sold and its tickets issued in one
	// transaction; a refund or cancellation moves both back.
	{"a screening's sold seats equal its issued tickets", `SELECT 'screening ' || CAST(s.id AS TEXT) || ': sold ' || CAST(s.sold AS TEXT) || ', tickets ' ||
		CAST((SELECT COUNT(*) FROM tickets t WHERE t.screening_id = s.id AND t.status IN ('valid', 'used')) AS TEXT)
		FROM screenings s WHERE s.sold <> (SELECT COUNT(*) FROM tickets t WHERE t.screening_id = s.id AND t.status IN ('valid', 'used'))
		ORDER BY s.id`},
	{"a screening never has more seats taken than it has", `SELECT 'screening ' || CAST(id AS TEXT) || ': sold ' || CAST(sold AS TEXT) || ' + held ' ||
		CAST(held AS TEXT) || ' > capacity ' || CAST(capacity AS TEXT) FROM screenings WHERE sold + held > capacity OR sold < 0 OR held < 0 ORDER BY id`},
}

// checkInvariants runs every invariant on q and returns what breaks one
// ("name: row; row; (and N more)"), nil when all hold.
func checkInvariants(ctx context.Context, q querier) ([]string, error) {
	var problems []string
	for _, inv := range invariants {
		rows, err := q.QueryContext(ctx, inv.query)
		if err != nil {
			return nil, fmt.Errorf("store: check %q: %w", inv.name, err)
		}
		var bad []string
		n := 0
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: check %q: %w", inv.name, err)
			}
			if n++; n <= maxListed {
				bad = append(bad, s)
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("store: check %q: %w", inv.name, err)
		}
		if n > maxListed {
			bad = append(bad, fmt.Sprintf("(and %d more)", n-maxListed))
		}
		if n > 0 {
			problems = append(problems, "broken: "+inv.name+": "+strings.Join(bad, "; "))
		}
	}
	return problems, nil
}

// CheckInvariants checks db's invariants (on PostgreSQL after pg_restore,
// or a live database), in one read transaction so that they are checked
// on one committed state; nil when all hold.
func (db *DB) CheckInvariants(ctx context.Context) ([]string, error) {
	tx, err := db.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: db.snapshotIsolation()})
	if err != nil {
		return nil, fmt.Errorf("store: check invariants: %w", err)
	}
	defer tx.Rollback()
	return checkInvariants(ctx, tx)
}

// snapshotIsolation is the isolation in which a read sees one committed
// state: REPEATABLE READ on PostgreSQL (a snapshot), the default on SQLite
// (a read transaction is one).
func (db *DB) snapshotIsolation() sql.IsolationLevel {
	if db.dialect == Postgres {
		return sql.LevelRepeatableRead
	}
	return sql.LevelDefault
}

// BackupReport is what a check of a backup found.
type BackupReport struct {
	// Version is the newest migration applied; Latest this binary's.
	Version, Latest int64
	Bytes           int64
	Users, Ledger   int64
	Tickets         int64
	// Problems are what makes the file unfit to restore; none when fit.
	Problems []string
}

// OK reports whether the file may be restored.
func (r BackupReport) OK() bool { return len(r.Problems) == 0 }

// sqliteHeader starts every SQLite database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// CheckSQLiteFile checks the SQLite file at path, read-only: the header,
// integrity_check, foreign_key_check, the migration version (Marquee's,
// not newer than this binary's) and the invariants. The error is for a
// file that cannot be read at all; what is wrong with one that can is in
// the report's Problems.
func CheckSQLiteFile(ctx context.Context, path string) (BackupReport, error) {
	r := BackupReport{Latest: LatestMigration(SQLite)}
	f, err := os.Open(path)
	if err != nil {
		return r, fmt.Errorf("store: check %s: %w", path, err)
	}
	head := make([]byte, len(sqliteHeader))
	_, err = io.ReadFull(f, head)
	st, statErr := f.Stat()
	f.Close()
	if statErr == nil {
		r.Bytes = st.Size()
	}
	if err != nil || !bytes.Equal(head, sqliteHeader) {
		r.Problems = append(r.Problems, path+" is not a SQLite database")
		return r, nil
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		r.Problems = append(r.Problems, path+" has a write-ahead log beside it ("+path+"-wal): it is a live database's file, not a backup; make one with marquee backup")
		return r, nil
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)&_pragma=query_only(1)")
	if err != nil {
		return r, fmt.Errorf("store: check %s: %w", path, err)
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		return r, fmt.Errorf("store: check %s: %w", path, err)
	}
	defer tx.Rollback()
	if bad, err := pragmaRows(ctx, tx, "PRAGMA integrity_check"); err != nil {
		r.Problems = append(r.Problems, "integrity check failed to run: "+err.Error())
		return r, nil
	} else if len(bad) != 1 || bad[0] != "ok" {
		r.Problems = append(r.Problems, "integrity check: "+strings.Join(bad, "; "))
		return r, nil
	}
	if bad, err := pragmaRows(ctx, tx, "PRAGMA foreign_key_check"); err != nil {
		r.Problems = append(r.Problems, "foreign key check failed to run: "+err.Error())
	} else if len(bad) > 0 {
		r.Problems = append(r.Problems, "foreign key check: rows point to missing rows in "+strings.Join(bad, ", "))
	}
	r.Version, err = MigrationVersion(ctx, tx)
	switch {
	case err != nil:
		r.Problems = append(r.Problems, err.Error())
		return r, nil
	case r.Version > r.Latest:
		r.Problems = append(r.Problems, fmt.Sprintf("made by a newer Marquee (migration %d; this binary knows up to %d): restore it with that version", r.Version, r.Latest))
		return r, nil
	}
	for _, c := range []struct {
		dst *int64
		q   string
	}{{&r.Users, `SELECT COUNT(*) FROM users`}, {&r.Ledger, `SELECT COUNT(*) FROM credit_ledger`}, {&r.Tickets, `SELECT COUNT(*) FROM tickets`}} {
		if err := tx.QueryRowContext(ctx, c.q).Scan(c.dst); err != nil {
			r.Problems = append(r.Problems, "count: "+err.Error())
		}
	}
	broken, err := checkInvariants(ctx, tx)
	if err != nil {
		r.Problems = append(r.Problems, err.Error())
	}
	r.Problems = append(r.Problems, broken...)
	return r, nil
}

// pragmaRows returns the first column of every row of a PRAGMA (for
// foreign_key_check: the table with the dangling reference).
func pragmaRows(ctx context.Context, q querier, pragma string) ([]string, error) {
	rows, err := q.QueryContext(ctx, pragma)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []string
	for rows.Next() && len(out) < 50 {
		vals := make([]any, len(cols))
		for i := range vals {
			vals[i] = new(sql.NullString)
		}
		if err := rows.Scan(vals...); err != nil {
			return nil, err
		}
		out = append(out, vals[0].(*sql.NullString).String)
	}
	return out, rows.Err()
}

// BackupSQLite writes a consistent copy of the SQLite database to path,
// while it serves: VACUUM INTO a temporary file beside path (the database
// as of one commit, in a read transaction that holds up no writer), made
// a self-contained file (rollback journal, no -wal), checked
// (CheckSQLiteFile), synced, then renamed to path. path must not exist.
func (db *DB) BackupSQLite(ctx context.Context, path string) (BackupReport, error) {
	if db.dialect != SQLite {
		return BackupReport{}, errors.New("store: backup: not a SQLite database (use pg_dump for PostgreSQL)")
	}
	if _, err := os.Lstat(path); err == nil {
		return BackupReport{}, fmt.Errorf("store: backup: %s exists; name a new file", path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return BackupReport{}, fmt.Errorf("store: backup: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(abs), 0o750); err != nil {
		return BackupReport{}, fmt.Errorf("store: backup: %w", err)
	}
	tmp := abs + ".partial-" + randomSuffix()
	defer removeSQLiteFiles(tmp)
	conn, err := db.read.Conn(ctx)
	if err != nil {
		return BackupReport{}, fmt.Errorf("store: backup: %w", err)
	}
	_, err = conn.ExecContext(ctx, `VACUUM INTO ?`, tmp)
	conn.Close()
	if err != nil {
		return BackupReport{}, fmt.Errorf("store: backup: vacuum into %s: %w", tmp, err)
	}
	if err := makeSelfContained(ctx, tmp); err != nil {
		return BackupReport{}, err
	}
	report, err := CheckSQLiteFile(ctx, tmp)
	if err != nil {
		return report, err
	}
	if !report.OK() {
		return report, fmt.Errorf("store: backup: the copy failed its check: %s", strings.Join(report.Problems, "; "))
	}
	if err := syncFile(tmp); err != nil {
		return report, err
	}
	if err := os.Rename(tmp, abs); err != nil {
		return report, fmt.Errorf("store: backup: %w", err)
	}
	return report, syncDir(filepath.Dir(abs))
}

// makeSelfContained puts the SQLite file at path in rollback-journal mode
// (so it is one file, with no -wal or -shm beside it) and its pages on
// disk.
func makeSelfContained(ctx context.Context, path string) error {
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer raw.Close()
	var mode string
	if err := raw.QueryRowContext(ctx, `PRAGMA journal_mode = DELETE`).Scan(&mode); err != nil || mode != "delete" {
		return fmt.Errorf("store: backup: journal mode of %s: %q %v", path, mode, err)
	}
	return raw.Close()
}

// RestoreResult says what RestoreSQLite did.
type RestoreResult struct {
	Report BackupReport
	// Previous is where the database that was at the target now is
	// ("" when there was none).
	Previous string
}

// RestoreSQLite makes the backup at backup the SQLite database at target,
// once CheckSQLiteFile finds it fit: the backup is copied beside target
// and synced; the database at target, if any, is checked to be unused
// (no other connection has it open: switching it out of WAL mode needs
// that) and kept as TARGET.before-restore-TIME with its -wal and -shm;
// then the copy is renamed to target. A database in use is
// ErrDatabaseInUse unless force, when it is moved aside all the same
// (every node using it must then be restarted: until then they write to
// the old file). A backup older than the binary is migrated by the next
// `marquee serve` or `marquee migrate`.
func RestoreSQLite(ctx context.Context, backup, target string, force bool, now time.Time) (RestoreResult, error) {
	var res RestoreResult
	report, err := CheckSQLiteFile(ctx, backup)
	res.Report = report
	if err != nil {
		return res, err
	}
	if !report.OK() {
		return res, fmt.Errorf("store: restore: %s is not fit to restore: %s", backup, strings.Join(report.Problems, "; "))
	}
	target, err = filepath.Abs(target)
	if err != nil {
		return res, fmt.Errorf("store: restore: %w", err)
	}
	if same, _ := sameFile(backup, target); same {
		return res, errors.New("store: restore: the backup is the database itself")
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o750); err != nil {
		return res, fmt.Errorf("store: restore: %w", err)
	}
	tmp := target + ".restoring-" + randomSuffix()
	defer removeSQLiteFiles(tmp)
	if err := copyFile(backup, tmp); err != nil {
		return res, fmt.Errorf("store: restore: copy %s: %w", backup, err)
	}
	if _, err := os.Stat(target); err == nil {
		lock, err := lockUnused(ctx, target)
		switch {
		case errors.Is(err, ErrDatabaseInUse) && !force:
			return res, fmt.Errorf("store: restore: %s: %w (stop every marquee serve using it first, or pass --force and restart them all after)", target, err)
		case err != nil && !errors.Is(err, ErrDatabaseInUse):
			return res, err
		}
		if lock != nil {
			defer lock.Close()
		}
		res.Previous = target + ".before-restore-" + now.UTC().Format("20060102T150405Z")
		for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
			if err := os.Rename(target+suffix, res.Previous+suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return res, fmt.Errorf("store: restore: keep the previous database: %w", err)
			}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("store: restore: %w", err)
	} else {
		// Side files without their database would be read as the new
		// one's (a -wal replayed onto it): moved aside.
		stale := target + ".stale-" + now.UTC().Format("20060102T150405Z")
		for _, suffix := range []string{"-wal", "-shm", "-journal"} {
			if err := os.Rename(target+suffix, stale+suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return res, fmt.Errorf("store: restore: move aside %s: %w", target+suffix, err)
			}
		}
	}
	if err := os.Rename(tmp, target); err != nil {
		return res, fmt.Errorf("store: restore: %w", err)
	}
	return res, syncDir(filepath.Dir(target))
}

// lockUnused opens the database at path on one connection that waits for
// no lock and switches it to rollback-journal mode, which SQLite allows
// only when no other connection has the file open (each holds a shared
// lock on it while open in WAL mode); it then takes the exclusive lock
// and returns the connection holding it. Another connection is
// ErrDatabaseInUse.
func lockUnused(ctx context.Context, path string) (*sql.DB, error) {
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		return nil, fmt.Errorf("store: restore: open %s: %w", path, err)
	}
	raw.SetMaxOpenConns(1)
	var mode string
	err = raw.QueryRowContext(ctx, `PRAGMA journal_mode = DELETE`).Scan(&mode)
	if err == nil && mode == "delete" {
		_, err = raw.ExecContext(ctx, `PRAGMA locking_mode = EXCLUSIVE`)
		// A write takes the exclusive lock, which this locking mode keeps
		// until the connection closes: no node can open the old file meanwhile.
		var uv int64
		if err == nil {
			err = raw.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&uv)
		}
		if err == nil {
			_, err = raw.ExecContext(ctx, `PRAGMA user_version = `+strconv.FormatInt(uv, 10))
		}
		if err == nil {
			return raw, nil
		}
	}
	raw.Close()
	if err == nil || strings.Contains(err.Error(), "locked") || strings.Contains(err.Error(), "busy") || strings.Contains(err.Error(), "BUSY") {
		return nil, ErrDatabaseInUse
	}
	return nil, fmt.Errorf("store: restore: lock %s: %w", path, err)
}

func randomSuffix() string {
	b := make([]byte, 6)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func sameFile(a, b string) (bool, error) {
	sa, err := os.Stat(a)
	if err != nil {
		return false, err
	}
	sb, err := os.Stat(b)
	if err != nil {
		return false, err
	}
	return os.SameFile(sa, sb), nil
}

// removeSQLiteFiles removes a temporary database and its side files.
func removeSQLiteFiles(path string) {
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		os.Remove(path + suffix)
	}
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("store: sync %s: %w", path, err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return fmt.Errorf("store: sync %s: %w", path, err)
	}
	return nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("store: sync %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("store: sync %s: %w", dir, err)
	}
	return nil
}
