// Command marquee runs Marquee: `marquee serve` serves the site and the API,
// `marquee migrate` brings the database up to date, `marquee admin create`
// makes or promotes an admin, `marquee posters reencode` encodes posters
// stored before uploads were decoded; operations: `files migrate`,
// `backup`, `restore`, `verify`, `check-config`, `healthcheck`.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

const usage = `Usage: marquee <command> [arguments]

Commands:
  serve                      serve the site and the API on MARQUEE_ADDR
  migrate                    create or migrate the database, then exit
  admin create --email EMAIL make (or promote) an admin; the password is read from standard input
  posters reencode           encode the posters stored as uploaded (before posters were decoded
                             and written again) in the two sizes; remove those that are no image
  seed [--users N] [--months M] [--festivals N] [--seed S] [--demo]
                             add N synthetic filmmakers (default 500000 when no flag is given)
                             and N realistic festivals made from seed S (default 1); --demo adds
                             60 festivals to a database that has none
  files migrate              copy the posters kept on disk to the object store (MARQUEE_S3_*);
                             safe to run again: copies only what the bucket lacks
  backup PATH                write a consistent copy of the SQLite database to PATH while it serves
                             (PostgreSQL: prints the pg_dump procedure)
  restore [--force] PATH     check the backup at PATH and make it the SQLite database, keeping the
                             previous one; refused while a node has it open unless --force
                             (PostgreSQL: prints the pg_restore procedure)
  verify                     check the database's migrations and invariants (after a restore)
  check-config [--offline]   print every setting in force (secrets masked) and fail on any problem;
                             reaches the database and the object store unless --offline
  healthcheck [URL]          exit 0 when /healthz of this node (MARQUEE_ADDR) or of URL answers 200

Settings come from MARQUEE_* environment variables; see the README.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "marquee:", err)
		os.Exit(1)
	}
}

var errUsage = errors.New("see usage above")

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	// Commands that must run (and report) whatever the settings say.
	switch args[0] {
	case "check-config":
		return checkConfig(ctx, os.Getenv, args[1:], stdout, stderr)
	case "healthcheck":
		return healthcheck(ctx, os.Getenv, args[1:], stdout, stderr)
	}
	cfg, err := configFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	switch args[0] {
	case "files":
		return filesCommand(ctx, cfg, args[1:], stdout, stderr)
	case "backup":
		return backupCommand(ctx, cfg, args[1:], stdout, stderr)
	case "restore":
		return restoreCommand(ctx, cfg, args[1:], stdout, stderr)
	case "verify":
		return verifyCommand(ctx, cfg, args[1:], stdout, stderr)
	case "serve":
		return serve(ctx, cfg, stderr)
	case "migrate":
		return migrate(ctx, cfg, stdout)
	case "admin":
		return admin(ctx, cfg, args[1:], stdin, stdout, stderr)
	case "posters":
		return posters(ctx, cfg, args[1:], stdout, stderr)
	case "seed":
		return seed(ctx, cfg, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", args[0])
	}
}
