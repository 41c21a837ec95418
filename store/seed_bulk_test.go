package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	seeddata "github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// schemaOf lists db's indexes and foreign keys with their definitions,
// to check that a seed's bulk load put back every one it dropped.
func schemaOf(t *testing.T, db *store.DB) []string {
	t.Helper()
	q := `SELECT type || ' ' || name || ' ' || COALESCE(sql, '') FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name`
	if db.Dialect() == store.Postgres {
		q = `SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
			UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
			FROM pg_constraint WHERE connamespace = CAST(current_schema() AS regnamespace) ORDER BY 1`
	}
	out, err := db.StringsForTest(context.Background(), q)
	if err != nil || len(out) < 20 {
		t.Fatalf("schema: %d rows, %v", len(out), err)
	}
	return out
}

// rollupsOf returns submission_rollups as text, in key order.
func rollupsOf(t *testing.T, db *store.DB) []string {
	t.Helper()
	out, err := db.StringsForTest(context.Background(), `SELECT CAST(festival_id AS TEXT) || '|' || day || '|' || facet || '|' || key || '|' ||
		CAST(count AS TEXT) || '|' || CAST(credits AS TEXT) FROM submission_rollups ORDER BY festival_id, facet, key, day`)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// progressLog records a seed's progress reports.
type progressLog struct{ steps []string }

func (p *progressLog) report(step string, done, total int) {
	p.steps = append(p.steps, fmt.Sprintf("%s %d/%d", step, done, total))
}

// TestSeedBulkLoad checks what the seeds' bulk loads leave: every index,
// trigger and foreign key as before, the user search over the new rows,
// rollups equal to the ones rebuilt from the submissions (on an empty
// table and added to a full one), progress reports in order, and the
// same rows again from the same seed.
func TestSeedBulkLoad(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		before := schemaOf(t, db.DB)
		var users progressLog
		if err := db.Users.SeedUsers(ctx, 6000, store.SeedUsersOptions{PasswordHash: "h", Span: 90 * 24 * time.Hour, Progress: users.report}); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(users.steps, []string{"users 2500/6000", "users 5000/6000", "users 6000/6000", "users: indexes 0/0"}) {
			t.Fatalf("users' progress %q", users.steps)
		}
		if after := schemaOf(t, db.DB); !slices.Equal(before, after) {
			t.Fatalf("the users' load changed the schema:\n%q\n%q", before, after)
		}
		// The search reads the rebuilt indexes (the trigram index, or the
		// FTS table its trigger fills).
		for _, q := range []string{"seed-0005999@", "Filmmaker 5999"} {
			p, err := db.Users.ListUsers(countingAdmin(), marquee.UserFilter{Query: q})
			if err != nil || p.Total != 1 || len(p.Items) != 1 || p.Items[0].Email != "seed-0005999@example.test" {
				t.Fatalf("search %q after the seed: %+v %v", q, p, err)
			}
		}

		org := newOrganiser(t, db, "seed-organiser@example.com")
		if err := db.Festivals.Import(ctx, org.ID, seeddata.Festivals(40, 3, db.Services.Now())); err != nil {
			t.Fatal(err)
		}
		before = schemaOf(t, db.DB)
		var subs progressLog
		_, err := db.Submissions.SeedSubmissions(ctx, 3001, store.SeedSubmissionsOptions{HotSize: 100, Seed: 4, PasswordHash: "h", Progress: subs.report})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(subs.steps, []string{"submissions 1000/3001", "submissions 2000/3001", "submissions 3000/3001", "submissions 3001/3001",
			"submissions: rollups 0/0", "submissions: indexes 0/0", "submissions: calibrated scores 0/0"}) {
			t.Fatalf("submissions' progress %q", subs.steps)
		}
		if after := schemaOf(t, db.DB); !slices.Equal(before, after) {
			t.Fatalf("the submissions' load changed the schema:\n%q\n%q", before, after)
		}
		// Every row's foreign keys hold (SQLite's load does not check them;
		// PostgreSQL's checked them when it added them again), and they
		// are checked again: a submission of no film is refused.
		if db.Dialect() == store.SQLite {
			if bad, err := db.StringsForTest(ctx, `SELECT "table" || ' ' || CAST(rowid AS TEXT) || ' ' || parent FROM pragma_foreign_key_check`); err != nil || len(bad) > 0 {
				t.Fatalf("rows that break a foreign key: %q %v", bad, err)
			}
		}
		if err := db.ExecForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
			SELECT 1099511627776, filmmaker_id, festival_id, category_id, tier, 0, 0, created_at, updated_at FROM submissions LIMIT 1`); err == nil {
			t.Fatal("a submission of a film that does not exist was stored")
		}
		seeded := rollupsOf(t, db.DB)
		if err := db.RebuildSubmissionRollupsForTest(ctx); err != nil {
			t.Fatal(err)
		}
		if rebuilt := rollupsOf(t, db.DB); len(seeded) < 3001 || !slices.Equal(seeded, rebuilt) {
			t.Fatalf("the seed's rollups (%d rows) differ from the rebuilt ones (%d)", len(seeded), len(rebuilt))
		}
		// A second seed adds to the rows already there.
		if _, err := db.Submissions.SeedSubmissions(ctx, 2000, store.SeedSubmissionsOptions{HotSize: 0, Seed: 5}); err != nil {
			t.Fatal(err)
		}
		seeded = rollupsOf(t, db.DB)
		if err := db.RebuildSubmissionRollupsForTest(ctx); err != nil {
			t.Fatal(err)
		}
		if rebuilt := rollupsOf(t, db.DB); !slices.Equal(seeded, rebuilt) {
			t.Fatalf("after a second seed the rollups (%d rows) differ from the rebuilt ones (%d)", len(seeded), len(rebuilt))
		}
		assertLedgerBalanced(t, db.DB)

		// The same seed on two other databases at the same time makes the same rows.
		now := time.Date(2026, 5, 4, 13, 14, 15, 0, time.UTC)
		var dumps [2][]string
		for i := range dumps {
			d := storetest.Wrap(t, storetest.OpenSQLite(t))
			if db.Dialect() == store.Postgres {
				d = storetest.Wrap(t, storetest.OpenPostgres(t))
			}
			d.Clock.Set(now)
			if err := d.Users.SeedUsers(ctx, 400, store.SeedUsersOptions{PasswordHash: "h", Span: 30 * 24 * time.Hour}); err != nil {
				t.Fatal(err)
			}
			o := newOrganiser(t, d, "seed-organiser@example.com")
			if err := d.Festivals.Import(ctx, o.ID, seeddata.Festivals(20, 9, now)); err != nil {
				t.Fatal(err)
			}
			r, err := d.Submissions.SeedSubmissions(ctx, 601, store.SeedSubmissionsOptions{HotSize: 50, Seed: 9, PasswordHash: "h"})
			if err != nil || r.HotSlug == "" {
				t.Fatalf("seed %d: %+v %v", i, r, err)
			}
			dumps[i], err = d.DB.StringsForTest(ctx, `SELECT CAST(s.id AS TEXT) || ' ' || CAST(s.film_id AS TEXT) || ' ' || CAST(s.filmmaker_id AS TEXT) || ' ' ||
				CAST(s.category_id AS TEXT) || ' ' || s.tier || ' ' || s.status || ' ' || s.country || ' ' || CAST(s.score_judges AS TEXT) || ' ' ||
				COALESCE(CAST(ROUND(CAST(s.score_weighted AS NUMERIC), 6) AS TEXT), '-') || ' ' || f.title || ' ' || f.genre || ' ' || CAST(f.year AS TEXT)
				FROM submissions s JOIN films f ON f.id = s.film_id ORDER BY s.id`)
			if err != nil || len(dumps[i]) != 601 {
				t.Fatalf("dump %d: %d rows, %v", i, len(dumps[i]), err)
			}
			dumps[i] = append(dumps[i], rollupsOf(t, d.DB)...)
		}
		if !slices.Equal(dumps[0], dumps[1]) {
			t.Fatal("the same seed made different rows")
		}
	})
}
