package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// runCmd runs `marquee args...` and returns its output.
func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	return out.String() + errOut.String(), err
}

// buyCredits makes an account and buys credits through the test mode,
// so the database has ledger rows.
func buyCredits(t *testing.T, dbURL, email string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := storetest.Wrap(t, db)
	u, err := svc.Users.CreateUser(ctx, store.UserRecord{Email: email, Name: "Buyer", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Payments.Checkout(storetest.AsUser(ctx, u), marquee.CheckoutRequest{AmountCents: 10000, Country: "us", PaymentMethod: "pm_card_visa"}); err != nil {
		t.Fatal(err)
	}
}

// `marquee backup`, `restore` and `verify` on SQLite: a backup of a
// database a node has open, restored over it once the node is gone (the
// previous file kept), refused while one has it open.
func TestBackupRestoreVerifyCommands(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "data", "marquee.db")
	dbURL := "sqlite:" + dbPath
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	if out, err := runCmd(t, "backup", filepath.Join(dir, "early.db")); err == nil || !strings.Contains(out+err.Error(), "no such file") {
		t.Fatalf("backup of no database: %v %s", err, out)
	}
	if _, err := os.Stat(dbPath); err == nil {
		t.Fatal("backup created the database it was asked to copy")
	}
	if _, err := runCmd(t, "migrate"); err != nil {
		t.Fatal(err)
	}
	buyCredits(t, dbURL, "first@example.com")

	// A node serving meanwhile: its connections stay open.
	ctx := context.Background()
	node, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer node.Close()
	if err := node.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(dir, "backups", "monday.db")
	out, err := runCmd(t, "backup", backup)
	if err != nil || !strings.Contains(out, "backup written to "+backup) || !strings.Contains(out, "1 users, 1 ledger rows") || !strings.Contains(out, "checks passed") {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	buyCredits(t, dbURL, "second@example.com") // after the backup

	out, err = runCmd(t, "restore", backup)
	if err == nil || !strings.Contains(err.Error(), "in use") || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("restore while a node has it open: %v\n%s", err, out)
	}
	node.Close()
	out, err = runCmd(t, "restore", backup)
	if err != nil || !strings.Contains(out, "restored "+backup+" to "+dbPath) || !strings.Contains(out, "the previous database is kept as "+dbPath+".before-restore-") {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	out, err = runCmd(t, "verify")
	if err != nil || !strings.Contains(out, "invariants hold") {
		t.Fatalf("verify: %v\n%s", err, out)
	}
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := storetest.Wrap(t, db).Users.FindUserByEmail(ctx, "second@example.com"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("the restored database has the account made after the backup: %v", err)
	}
	out, err = runCmd(t, "restore", "--force", backup)
	if err != nil || !strings.Contains(out, "restart every marquee serve") {
		t.Fatalf("forced restore: %v\n%s", err, out)
	}
	db.Close()

	// A broken invariant: verify says which and fails.
	raw, err := sql.Open("sqlite", "file:"+dbPath)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE users SET credits = credits + 1`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	out, err = runCmd(t, "verify")
	if err == nil || !strings.Contains(out, "problem: broken: a user's credits equal the sum of their ledger rows") {
		t.Fatalf("verify of a broken database: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"backup"}, {"restore"}, {"restore", "--nope", "x"}, {"verify", "x"}} {
		if _, err := runCmd(t, args...); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
}

// On PostgreSQL, backup and restore print the pg_dump/pg_restore
// procedure (the URL's password hidden) and fail, so a script does not
// take it for a backup.
func TestBackupOnPostgresExplains(t *testing.T) {
	t.Setenv("MARQUEE_DATABASE_URL", "postgres://marquee:pw-not-shown@db.internal:5432/marquee?sslmode=disable")
	for _, args := range [][]string{{"backup", "nightly.dump"}, {"restore", "nightly.dump"}} {
		out, err := runCmd(t, args...)
		if err == nil || !strings.Contains(err.Error(), "pg_dump and pg_restore") || strings.Contains(out, "pw-not-shown") ||
			!strings.Contains(out, "pg_dump --format=custom --no-owner --no-privileges --file=nightly.dump 'postgres://marquee:****@db.internal:5432/marquee?sslmode=disable'") ||
			!strings.Contains(out, "pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=") ||
			!strings.Contains(out, "marquee verify") {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
}

// The README's PostgreSQL procedure, run for real when the server and its
// tools are here: pg_dump of a database with data, pg_restore into a new
// database, `marquee verify` on it.
func TestPostgresDumpRestoreProcedure(t *testing.T) {
	base := os.Getenv(storetest.PostgresEnv)
	pgDump, errDump := exec.LookPath("pg_dump")
	pgRestore, errRestore := exec.LookPath("pg_restore")
	if base == "" || errDump != nil || errRestore != nil {
		t.Skip("needs MARQUEE_TEST_POSTGRES_URL, pg_dump and pg_restore")
	}
	ctx := context.Background()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() }) // after the databases are dropped
	suffix := fmt.Sprint(os.Getpid())
	src, dst := "marquee_bk_src_"+suffix, "marquee_bk_dst_"+suffix
	for _, name := range []string{src, dst} {
		admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name)
		if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name+` TEMPLATE template0`); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { admin.ExecContext(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`) })
	}
	dbURL := func(name string) string { v := *u; v.Path = "/" + name; return v.String() }
	t.Setenv("MARQUEE_DATABASE_URL", dbURL(src))
	if _, err := runCmd(t, "migrate"); err != nil {
		t.Fatal(err)
	}
	buyCredits(t, dbURL(src), "pg@example.com")
	dump := filepath.Join(t.TempDir(), "marquee.dump")
	if out, err := exec.Command(pgDump, "--format=custom", "--no-owner", "--no-privileges", "--file="+dump, dbURL(src)).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	if out, err := exec.Command(pgRestore, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname="+dbURL(dst), dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	t.Setenv("MARQUEE_DATABASE_URL", dbURL(dst))
	out, err := runCmd(t, "verify")
	if err != nil || !strings.Contains(out, "postgres database at migration") || !strings.Contains(out, "invariants hold") {
		t.Fatalf("verify the restored database: %v\n%s", err, out)
	}
	db, err := store.Open(ctx, dbURL(dst))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := storetest.Wrap(t, db).Users.FindUserByEmail(ctx, "pg@example.com"); err != nil {
		t.Fatalf("restored account: %v", err)
	}
}
