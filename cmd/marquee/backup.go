package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/marquee-festival/marquee/store"
)

// errPostgresTools is the answer of backup and restore on PostgreSQL,
// after the procedure is printed: the database's own tools do it.
var errPostgresTools = errors.New("PostgreSQL is backed up and restored with pg_dump and pg_restore (see above)")

// sqlitePath returns the file of a sqlite: URL; ok false for PostgreSQL.
func sqlitePath(databaseURL string) (string, bool) {
	path, ok := strings.CutPrefix(databaseURL, "sqlite:")
	return strings.TrimPrefix(path, "//"), ok
}

// postgresProcedure is the tested way to back up and restore PostgreSQL
// (README, Backups and restore), with the configured database's URL
// (password hidden) filled in.
func postgresProcedure(databaseURL, path string) string {
	if path == "" {
		path = "marquee.dump"
	}
	url := redactURL(databaseURL)
	return fmt.Sprintf(`PostgreSQL: back up with pg_dump, which copies one consistent snapshot while Marquee serves:

  pg_dump --format=custom --no-owner --no-privileges --file=%[2]s '%[1]s'

Restore into a new, empty database, check it, then point every node at it:

  createdb -T template0 marquee_restored          (or: psql ... -c 'CREATE DATABASE marquee_restored')
  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname='<URL of marquee_restored>' %[2]s
  MARQUEE_DATABASE_URL='<URL of marquee_restored>' marquee verify

Use pg_dump and pg_restore of the server's major version or newer.
`, url, path)
}

// backupCommand runs `marquee backup PATH`.
func backupCommand(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	dbPath, ok := sqlitePath(cfg.DatabaseURL)
	if !ok {
		fmt.Fprint(stdout, postgresProcedure(cfg.DatabaseURL, args[0]))
		return errPostgresTools
	}
	if _, err := os.Stat(dbPath); err != nil {
		return fmt.Errorf("backup: database %s: %w", dbPath, err)
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	report, err := db.BackupSQLite(ctx, args[0])
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(stdout, "backup written to %s in %s: %d bytes, migration %d, %d users, %d ledger rows, %d tickets; checks passed\n",
		args[0], time.Since(start).Round(time.Millisecond), report.Bytes, report.Version, report.Users, report.Ledger, report.Tickets)
	return nil
}

// restoreCommand runs `marquee restore [--force] PATH`.
func restoreCommand(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	fs.SetOutput(stderr)
	force := fs.Bool("force", false, "restore even though a node has the database open (restart every node after)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 1 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	backup := fs.Arg(0)
	target, ok := sqlitePath(cfg.DatabaseURL)
	if !ok {
		fmt.Fprint(stdout, postgresProcedure(cfg.DatabaseURL, backup))
		return errPostgresTools
	}
	res, err := store.RestoreSQLite(ctx, backup, target, *force, time.Now())
	r := res.Report
	if err != nil {
		for _, p := range r.Problems {
			fmt.Fprintln(stdout, "problem:", p)
		}
		return fmt.Errorf("restore: %w", err)
	}
	fmt.Fprintf(stdout, "restored %s to %s: migration %d, %d users, %d ledger rows, %d tickets; integrity, foreign keys and invariants checked\n",
		backup, target, r.Version, r.Users, r.Ledger, r.Tickets)
	if res.Previous != "" {
		fmt.Fprintf(stdout, "the previous database is kept as %s\n", res.Previous)
	}
	if r.Version < r.Latest {
		fmt.Fprintf(stdout, "the backup is at migration %d of %d: marquee serve or migrate brings it up to date\n", r.Version, r.Latest)
	}
	if *force {
		fmt.Fprintln(stdout, "restart every marquee serve that had the database open: until then they write to the previous file; stop them all before starting any on the restored one")
	}
	return nil
}

// verifyCommand runs `marquee verify`: the configured database's
// migration version and invariants, without migrating it.
func verifyCommand(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	if path, ok := sqlitePath(cfg.DatabaseURL); ok {
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("verify: database %s: %w", path, err)
		}
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	v, err := db.MigrationVersion(ctx)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	latest := store.LatestMigration(db.Dialect())
	if v > latest {
		return fmt.Errorf("verify: the database is at migration %d, newer than this binary's %d", v, latest)
	}
	problems, err := db.CheckInvariants(ctx)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	for _, p := range problems {
		fmt.Fprintln(stdout, "problem:", p)
	}
	if len(problems) > 0 {
		return fmt.Errorf("verify: %d invariants broken", len(problems))
	}
	fmt.Fprintf(stdout, "%s database at migration %d of %d; invariants hold (credits = ledger, sold seats = tickets)\n", db.Dialect(), v, latest)
	return nil
}
