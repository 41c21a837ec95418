package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	seeddata "github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/store"
)

// Seeding defaults and limits.
const (
	defaultSeedUsers       = 500_000
	defaultSeedFestivals   = 10_000
	defaultSeedSubmissions = 1_000_000
	// hotFestivalSubmissions is how many entries the one hot festival gets.
	hotFestivalSubmissions = 5_000
	demoFestivals          = 60
	maxSeedFestivals       = 1_000_000
	maxSeedSubmissions     = 10_000_000
	// seedOrganiserEmail owns every seeded festival. Its password is random
	// and thrown away, so nobody can log in as it.
	seedOrganiserEmail = "organiser@seed.marquee.example"
	seedOrganiserName  = "Marquee Seed Organiser"
)

// seed runs `marquee seed [--users N] [--months M] [--festivals N] [--seed S] [--submissions N] [--demo]`.
//
// --users fills the database with synthetic filmmakers at the scale the
// about page claims, for benchmarks and load tests; every seeded account's
// password is "seed-password".
//
// --submissions adds N submissions by the seeded filmmakers (about one film
// per two) to the approved festivals, one hot festival receiving 5,000
// scored by three judges (store.SubmissionService.SeedSubmissions); its
// slug, organiser and sample filmmakers are printed for the load test.
//
// With no flag at all seed adds the whole benchmark set: 500,000
// filmmakers, 10,000 festivals and 1,000,000 submissions. With any of
// --users, --festivals, --submissions or --demo, what is not asked for is
// not added.
//
// --festivals adds N realistic festivals made deterministically from
// --seed (package seed), organised by organiser@seed.marquee.example.
// --demo adds 60 of them, but only to a database without festivals, so
// `make run` can call it every time.
//
// What was made goes to stdout; how each step goes (counts, rate and
// elapsed time every 2 seconds, a line when a step without counts
// starts) to stderr (seed_progress.go). Each step is one bulk load
// (store/seed_bulk.go).
func seed(ctx context.Context, cfg config, args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("seed", flag.ContinueOnError)
	fset.SetOutput(stderr)
	users := fset.Int("users", defaultSeedUsers, "number of filmmakers to add (with --festivals, --submissions or --demo and no --users: 0)")
	months := fset.Int("months", 18, "spread their sign-ups over this many months before now")
	festivals := fset.Int("festivals", defaultSeedFestivals, "number of festivals to add (with --users, --submissions or --demo and no --festivals: 0)")
	submissions := fset.Int("submissions", defaultSeedSubmissions, "number of submissions to add by seeded filmmakers (with --users, --festivals or --demo and no --submissions: 0)")
	seedValue := fset.Uint64("seed", 1, "seed of the festival generator: the same seed makes the same festivals")
	demo := fset.Bool("demo", false, "add 60 demo festivals if the database has no festival yet")
	if err := fset.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return err
	}
	set := map[string]bool{}
	fset.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case fset.NArg() > 0:
		return fmt.Errorf("seed: unexpected argument %q", fset.Arg(0))
	case *users < 0 || *months < 1:
		return fmt.Errorf("seed: --users must be 0 or more and --months at least 1")
	case *festivals < 0 || *festivals > maxSeedFestivals:
		return fmt.Errorf("seed: --festivals must be from 0 to %d", maxSeedFestivals)
	case *submissions < 0 || *submissions > maxSeedSubmissions:
		return fmt.Errorf("seed: --submissions must be from 0 to %d", maxSeedSubmissions)
	case *demo && set["festivals"]:
		return fmt.Errorf("seed: use --demo (%d festivals) or --festivals N, not both", demoFestivals)
	}
	// Any of these flags means: add only what is asked for.
	if set["users"] || set["festivals"] || set["submissions"] || *demo {
		for name, v := range map[string]*int{"users": users, "festivals": festivals, "submissions": submissions} {
			if !set[name] {
				*v = 0
			}
		}
	}

	db, svc, err := openServices(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()

	if *users > 0 {
		if err := seedUsers(ctx, cfg, svc, *users, *months, stdout, stderr); err != nil {
			return err
		}
	}
	n := *festivals
	if *demo {
		total, err := svc.Festivals.Count(ctx)
		if err != nil {
			return fmt.Errorf("seed: count festivals: %w", err)
		}
		if total > 0 {
			fmt.Fprintf(stdout, "skipped the demo festivals: the database already has %d festival(s)\n", total)
			n = 0
		} else {
			n = demoFestivals
		}
	}
	if n > 0 {
		if err := seedFestivals(ctx, cfg, svc, n, *seedValue, stdout, stderr); err != nil {
			return err
		}
	}
	if *submissions > 0 {
		if err := seedSubmissions(ctx, cfg, svc, *submissions, *seedValue, stdout, stderr); err != nil {
			return err
		}
	}
	if *users > 0 || n > 0 || *submissions > 0 {
		// Fresh statistics for the planner over the bulk load (PostgreSQL
		// otherwise plans the admin pages as if the tables were empty).
		start := time.Now()
		fmt.Fprintln(stderr, "seed: planner statistics (ANALYZE)")
		if err := db.Analyze(ctx); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		fmt.Fprintf(stdout, "analyzed the database in %s\n", time.Since(start).Round(time.Millisecond))
	}
	return nil
}

// seedSubmissions adds n submissions by the seeded filmmakers and prints
// what the load test needs: the hot festival, its organiser, two
// filmmakers; its progress goes to progress.
func seedSubmissions(ctx context.Context, cfg config, svc *store.Services, n int, seed uint64, stdout, progress io.Writer) error {
	hash, err := password.Hash("seed-password", cfg.Password)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := svc.Submissions.SeedSubmissions(ctx, n, store.SeedSubmissionsOptions{
		HotSize: hotFestivalSubmissions, PasswordHash: hash, Seed: seed,
		Progress: newSeedProgress(progress, time.Now).report,
	})
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	fmt.Fprintf(stdout, "seeded %d submissions of %d films in %s\n", res.Submissions, res.Films, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "hot festival %s (id %d): %d submissions, category %d; organiser %s, judges %s (password: seed-password)\n",
		res.HotSlug, res.HotFestivalID, res.HotSubmissions, res.HotCategoryID, res.HotOrganiser, strings.Join(res.Judges, ", "))
	fmt.Fprintf(stdout, "filmmakers: %s has %d submissions, %s has %d (password: seed-password)\n",
		res.TypicalFilmmaker, res.TypicalCount, res.BusyFilmmaker, res.BusyCount)
	return nil
}

// seedUsers adds n synthetic filmmakers whose sign-ups spread over months;
// its progress goes to progress. The one password hash is made once.
func seedUsers(ctx context.Context, cfg config, svc *store.Services, n, months int, stdout, progress io.Writer) error {
	hash, err := password.Hash("seed-password", cfg.Password)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := svc.Users.SeedUsers(ctx, n, store.SeedUsersOptions{
		PasswordHash: hash, Span: time.Duration(months) * 30 * 24 * time.Hour, Progress: newSeedProgress(progress, time.Now).report,
	}); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seeded %d filmmakers in %s (password: seed-password)\n", n, time.Since(start).Round(time.Millisecond))
	return nil
}

// seedFestivalsChunk is how many festivals seedFestivals imports at a time
// between two progress reports: a multiple of the import's batch (so the
// slugs come out as from one import) and large, since on PostgreSQL each
// import of that many ends with an ANALYZE of the festival tables.
const seedFestivalsChunk = 2500

// seedFestivals adds n festivals generated from seed for the seed
// organiser; its progress goes to progress.
func seedFestivals(ctx context.Context, cfg config, svc *store.Services, n int, seed uint64, stdout, progress io.Writer) error {
	start := time.Now()
	org, err := seedOrganiser(ctx, cfg, svc.Users)
	if err != nil {
		return err
	}
	fs := seeddata.Festivals(n, seed, svc.Now())
	p := newSeedProgress(progress, time.Now)
	for at := 0; at < len(fs); at += seedFestivalsChunk {
		part := fs[at:min(at+seedFestivalsChunk, len(fs))]
		if err := svc.Festivals.Import(ctx, org.ID, part); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		p.report("festivals", at+len(part), len(fs))
	}
	count := map[marquee.FestivalStatus]int{}
	for _, f := range fs {
		count[f.Status]++
	}
	fmt.Fprintf(stdout, "seeded %d festivals (seed %d: %d approved, %d pending, %d rejected) organised by %s in %s\n",
		n, seed, count[marquee.FestivalApproved], count[marquee.FestivalPending], count[marquee.FestivalRejected],
		org.Email, time.Since(start).Round(time.Millisecond))
	return nil
}

// seedOrganiser returns the account that owns seeded festivals, creating it
// as an organiser when missing. Its password is 32 random bytes that are
// hashed and forgotten: the account exists to own festivals, not to log in.
func seedOrganiser(ctx context.Context, cfg config, db *store.UserService) (*marquee.User, error) {
	u, err := db.FindUserByEmail(ctx, seedOrganiserEmail)
	if err == nil {
		return u, nil
	}
	if marquee.ErrorCode(err) != marquee.ENotFound {
		return nil, fmt.Errorf("seed: find %s: %w", seedOrganiserEmail, err)
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("seed: random password: %w", err)
	}
	hash, err := password.Hash(hex.EncodeToString(secret), cfg.Password)
	if err != nil {
		return nil, fmt.Errorf("seed: hash password: %w", err)
	}
	u, err = db.CreateUser(ctx, store.UserRecord{
		Email: seedOrganiserEmail, Name: seedOrganiserName, PasswordHash: hash, Role: marquee.RoleOrganiser,
	})
	if marquee.ErrorCode(err) == marquee.EEmailTaken {
		// Another seed run created it meanwhile.
		return db.FindUserByEmail(ctx, seedOrganiserEmail)
	}
	if err != nil {
		return nil, fmt.Errorf("seed: create %s: %w", seedOrganiserEmail, err)
	}
	return u, nil
}
