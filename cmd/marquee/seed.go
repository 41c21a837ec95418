package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/marquee-festival/marquee/password"
)

// seed runs `marquee seed [--users N]`: it fills the database with synthetic
// filmmakers at the scale the about page claims, for benchmarks and load
// tests. Every seeded account's password is "seed-password".
func seed(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("seed", flag.ContinueOnError)
	fset.SetOutput(stderr)
	users := fset.Int("users", 500_000, "number of filmmakers to add")
	months := fset.Int("months", 18, "spread their sign-ups over this many months before now")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if *users < 0 || *months < 1 {
		return fmt.Errorf("seed: --users must be 0 or more and --months at least 1")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	hash, err := password.Hash("seed-password", cfg.Server.Password)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := db.SeedUsers(ctx, *users, hash, time.Duration(*months)*30*24*time.Hour); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seeded %d filmmakers in %s (password: seed-password)\n", *users, time.Since(start).Round(time.Millisecond))
	return nil
}
