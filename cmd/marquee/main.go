// Command marquee runs Marquee: `marquee serve` serves the site and the API,
// `marquee migrate` brings the database up to date, `marquee admin create`
// makes or promotes an admin, `marquee posters reencode` encodes posters
// stored before uploads were decoded.
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
	cfg, err := configFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	switch args[0] {
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
