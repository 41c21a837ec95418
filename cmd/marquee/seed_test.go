package main

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	seeddata "github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// runSeed runs `marquee seed args...` and returns its output.
func runSeed(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"seed"}, args...), strings.NewReader(""), &out, &errOut)
	return out.String() + errOut.String(), err
}

func openSeeded(t *testing.T, dbURL string) *storetest.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return storetest.Wrap(t, db)
}

// asAdmin is ctx signed in as an admin, for the admins' lists.
func asAdmin(ctx context.Context) context.Context {
	return storetest.AsUser(ctx, &marquee.User{Role: marquee.RoleAdmin})
}

func countFestivals(t *testing.T, db *storetest.DB) int64 {
	t.Helper()
	total, err := db.Festivals.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return total
}

func TestSeedFestivals(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "festivals.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	ctx := context.Background()

	out, err := runSeed(t, "--festivals", "50", "--seed", "7")
	if err != nil || !strings.Contains(out, "seeded 50 festivals (seed 7") || strings.Contains(out, "filmmakers") {
		t.Fatalf("seed --festivals 50: %q %v", out, err)
	}
	db := openSeeded(t, dbURL)
	if n := countFestivals(t, db); n != 50 {
		t.Fatalf("%d festivals stored, want 50", n)
	}
	// No filmmakers were seeded: the only account is the organiser.
	if page, err := db.Users.ListUsers(asAdmin(ctx), marquee.UserFilter{}); err != nil || page.Total != 1 {
		t.Fatalf("accounts %+v (%v), want only the organiser", page, err)
	}
	org, err := db.Users.FindUserByEmail(ctx, seedOrganiserEmail)
	if err != nil || org.Role != marquee.RoleOrganiser {
		t.Fatalf("organiser: %+v %v", org, err)
	}
	for _, guess := range []string{"", "seed-password", "password", seedOrganiserEmail} {
		if ok, _ := password.Verify(guess, org.PasswordHash); ok {
			t.Fatalf("the organiser's password is guessable: %q", guess)
		}
	}

	// The stored festivals are the generator's for seed 7, with their
	// categories and criteria.
	mine, err := db.Festivals.ListManaged(storetest.AsUser(ctx, org))
	if err != nil || len(mine) != 50 {
		t.Fatalf("organiser's festivals: %d %v", len(mine), err)
	}
	want := seeddata.Festivals(50, 7, time.Now())
	var gotNames, wantNames []string
	for i := range mine {
		gotNames = append(gotNames, mine[i].Name)
		wantNames = append(wantNames, want[i].Name)
	}
	slices.Sort(gotNames)
	slices.Sort(wantNames)
	if !slices.Equal(gotNames, wantNames) {
		t.Fatalf("stored names differ from the generator's:\n%v\n%v", gotNames, wantNames)
	}
	full, err := db.Festivals.FestivalByID(ctx, mine[0].ID)
	if err != nil || len(full.Categories) == 0 || len(full.Criteria) < 2 || full.Slug == "" {
		t.Fatalf("a seeded festival read in full: %+v %v", full, err)
	}

	// A second run adds 50 more (same names, new slugs) and reuses the organiser.
	if out, err := runSeed(t, "--festivals", "50", "--seed", "7"); err != nil {
		t.Fatalf("second run: %q %v", out, err)
	}
	if n := countFestivals(t, db); n != 100 {
		t.Fatalf("%d festivals after the second run, want 100", n)
	}
	if page, _ := db.Users.ListUsers(asAdmin(ctx), marquee.UserFilter{}); page == nil || page.Total != 1 {
		t.Fatalf("accounts after the second run: %+v, want 1", page)
	}

	// --demo leaves a database that has festivals alone.
	if out, err := runSeed(t, "--demo"); err != nil || !strings.Contains(out, "skipped") {
		t.Fatalf("--demo on a full database: %q %v", out, err)
	}
	if n := countFestivals(t, db); n != 100 {
		t.Fatalf("--demo changed the count to %d", n)
	}
}

func TestSeedDemoOnce(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "demo.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	out, err := runSeed(t, "--demo")
	if err != nil || !strings.Contains(out, "seeded 60 festivals") {
		t.Fatalf("first --demo: %q %v", out, err)
	}
	out, err = runSeed(t, "--demo")
	if err != nil || !strings.Contains(out, "skipped") || strings.Contains(out, "seeded") {
		t.Fatalf("second --demo: %q %v", out, err)
	}
	db := openSeeded(t, dbURL)
	if n := countFestivals(t, db); n != 60 {
		t.Fatalf("%d festivals after --demo twice, want 60", n)
	}
	// The demo is a living site: approved festivals are public and some
	// take submissions now.
	page, err := db.Festivals.Search(context.Background(), marquee.FestivalQuery{
		Open: true, Page: 1, PerPage: 50, Today: marquee.Today(time.Now()), Sort: marquee.FestivalSortDeadline,
	})
	if err != nil || page.Total == 0 {
		t.Fatalf("open demo festivals: %+v %v", page, err)
	}
}

func TestSeedFlags(t *testing.T) {
	t.Setenv("MARQUEE_DATABASE_URL", "sqlite:"+filepath.Join(t.TempDir(), "flags.db"))
	for _, args := range [][]string{
		{"--festivals", "-1"},
		{"--festivals", "2000000"},
		{"--demo", "--festivals", "5"},
		{"--seed", "-3"},
		{"--festivals", "5", "extra"},
		{"--submissions", "-1"},
		{"--submissions", "20000000"},
	} {
		if out, err := runSeed(t, args...); err == nil {
			t.Errorf("seed %v accepted: %q", args, out)
		}
	}
	// --users with --festivals seeds both.
	out, err := runSeed(t, "--users", "20", "--festivals", "4", "--seed", "2")
	if err != nil || !strings.Contains(out, "seeded 20 filmmakers") || !strings.Contains(out, "seeded 4 festivals (seed 2") {
		t.Fatalf("--users 20 --festivals 4: %q %v", out, err)
	}
}

func TestSeedSubmissions(t *testing.T) {
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "submissions.db")
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	out, err := runSeed(t, "--users", "50", "--festivals", "20", "--submissions", "200")
	if err != nil || !strings.Contains(out, "seeded 50 filmmakers") || !strings.Contains(out, "seeded 20 festivals") ||
		!strings.Contains(out, "seeded 200 submissions of 100 films") || !strings.Contains(out, ": 100 submissions, category ") {
		t.Fatalf("seed --submissions 200: %q %v", out, err)
	}
	// Each step's progress, on stderr.
	for _, line := range []string{"seed: users 50/50 (", "seed: festivals 20/20 (", "seed: submissions 200/200 (",
		"seed: submissions: indexes\n", "seed: planner statistics (ANALYZE)\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("no progress line %q in %q", line, out)
		}
	}
	db := openSeeded(t, dbURL)
	// The printed organiser of the hot festival logs in with seed-password.
	i := strings.Index(out, "organiser organiser-")
	email := strings.TrimSuffix(strings.Fields(out[i+len("organiser "):])[0], ",")
	u, err := db.Users.FindUserByEmail(context.Background(), email)
	if err != nil || u.Role != marquee.RoleOrganiser {
		t.Fatalf("hot organiser %q: %+v %v", email, u, err)
	}
	if ok, _ := password.Verify("seed-password", u.PasswordHash); !ok {
		t.Fatal("the hot organiser cannot log in with seed-password")
	}
}
