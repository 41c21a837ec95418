package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"
)

// submission_rollups keeps, per festival and day (the festival's local
// day of each submission's entry), the submissions entered (facet 'day')
// and their counts and net fee credits by 'category' (its id), 'country',
// 'status' and 'tier', and in the all-days rows only, the entries not
// withdrawn per category ('open': the ranking's total). Every write that
// enters a submission, changes its status or refund, or deletes it calls
// rollupSubmission in its own transaction: -1 with the facts before the
// change, +1 with those after, so the rollup always equals a count over
// the submissions (the lists' totals are read from it: submission_totals.go). The facets also have a
// row of all days (day '*', allDays). The analytics read a few hundred
// rollup rows instead of the festival's submissions.

// allDays is the day of the rollup rows that total every day (the facets
// and the sources), so that the range "all" reads one row per key; it
// sorts before every date, so a range's "day >= first" never includes it.
const allDays = "*"

// rollupSubmission adds sign (+1 or -1) times submission id's current
// facts to submission_rollups through c.
func rollupSubmission(ctx context.Context, c conn, id int64, sign int64) error {
	var festivalID, category, credits int64
	var created time.Time
	var country, status, tier string
	err := c.queryRow(ctx, `SELECT festival_id, created_at, category_id, country, status, tier, paid_credits - refunded_credits
		FROM submissions WHERE id = ?`, id).Scan(&festivalID, &created, &category, &country, &status, &tier, &credits)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("store: rollup of submission %d: %w", id, err)
	} else if err != nil {
		return fmt.Errorf("store: rollup of submission %d: %w", id, err)
	}
	loc, err := festivalLocation(ctx, c, festivalID)
	if err != nil {
		return err
	}
	day := created.In(loc).Format(time.DateOnly)
	rows := []struct {
		facet, key     string
		count, credits int64
	}{
		{"day", "", sign, 0},
		{"category", strconv.FormatInt(category, 10), sign, 0},
		{"country", country, sign, 0},
		{"status", status, sign, 0},
		{"tier", tier, sign, sign * credits},
	}
	open := int64(0) // facet 'open': the entries not withdrawn, per category, all days only
	if status != "withdrawn" {
		open = sign
	}
	rows = append(rows, struct {
		facet, key     string
		count, credits int64
	}{"open", strconv.FormatInt(category, 10), open, 0})
	for _, r := range rows {
		days := []string{day, allDays}
		switch {
		case r.facet == "day":
			days = days[:1]
		case r.facet == "open" && r.count == 0:
			continue
		case r.facet == "open":
			days = days[1:]
		}
		for _, d := range days {
			if _, err := c.exec(ctx, `INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits) VALUES (?, ?, ?, ?, ?, ?)
				ON CONFLICT (festival_id, facet, key, day) DO UPDATE SET count = submission_rollups.count + excluded.count,
					credits = submission_rollups.credits + excluded.credits`,
				festivalID, d, r.facet, r.key, r.count, r.credits); err != nil {
				return fmt.Errorf("store: rollup of submission %d: %w", id, err)
			}
		}
	}
	if _, err := c.exec(ctx, `INSERT INTO submission_rollup_versions (festival_id, version) VALUES (?, 1)
		ON CONFLICT (festival_id) DO UPDATE SET version = submission_rollup_versions.version + 1`, festivalID); err != nil {
		return fmt.Errorf("store: rollup of submission %d: version: %w", id, err)
	}
	return nil
}

// renewRollupVersions gives every festival's submission rollups a new
// version (the clock's nanoseconds: never one a node has seen), after a
// seed or rebuild wrote the rollups without rollupSubmission. (The WHERE
// true lets SQLite's parser tell the ON CONFLICT from a join's ON.)
func renewRollupVersions(ctx context.Context, c conn, now time.Time) error {
	if _, err := c.exec(ctx, `INSERT INTO submission_rollup_versions (festival_id, version) SELECT id, ? FROM festivals WHERE true
		ON CONFLICT (festival_id) DO UPDATE SET version = excluded.version`, now.UnixNano()); err != nil {
		return fmt.Errorf("store: renew rollup versions: %w", err)
	}
	return nil
}

// CountSubmissionInRollups adds submission id, written without the
// services (an import, a test's INSERT), to its festival's rollups, as
// entering it through SubmissionService would have.
func (db *DB) CountSubmissionInRollups(ctx context.Context, id int64) error {
	return db.inTx(ctx, func(c conn) error { return rollupSubmission(ctx, c, id, 1) })
}

// rebuildSubmissionRollups recomputes submission_rollups from the
// submissions (UTC days), for the seeds that insert submissions in bulk;
// the migration that made the table ran the same SQL.
func rebuildSubmissionRollups(ctx context.Context, c conn) error {
	day := `strftime('%Y-%m-%d', created_at)`
	if c.db.dialect == Postgres {
		day = `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
	}
	if _, err := c.exec(ctx, `DELETE FROM submission_rollups`); err != nil {
		return fmt.Errorf("store: rebuild submission rollups: %w", err)
	}
	for _, q := range []string{
		`SELECT festival_id, '*', 'category', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions GROUP BY festival_id, category_id`,
		`SELECT festival_id, '*', 'country', country, COUNT(*), 0 FROM submissions GROUP BY festival_id, country`,
		`SELECT festival_id, '*', 'status', status, COUNT(*), 0 FROM submissions GROUP BY festival_id, status`,
		`SELECT festival_id, '*', 'tier', tier, COUNT(*), SUM(paid_credits - refunded_credits) FROM submissions GROUP BY festival_id, tier`,
		`SELECT festival_id, '*', 'open', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions WHERE status <> 'withdrawn' GROUP BY festival_id, category_id`,
		`SELECT festival_id, ` + day + `, 'day', '', COUNT(*), 0 FROM submissions GROUP BY festival_id, ` + day,
		`SELECT festival_id, ` + day + `, 'category', CAST(category_id AS TEXT), COUNT(*), 0 FROM submissions GROUP BY festival_id, ` + day + `, category_id`,
		`SELECT festival_id, ` + day + `, 'country', country, COUNT(*), 0 FROM submissions GROUP BY festival_id, ` + day + `, country`,
		`SELECT festival_id, ` + day + `, 'status', status, COUNT(*), 0 FROM submissions GROUP BY festival_id, ` + day + `, status`,
		`SELECT festival_id, ` + day + `, 'tier', tier, COUNT(*), SUM(paid_credits - refunded_credits) FROM submissions GROUP BY festival_id, ` + day + `, tier`,
	} {
		if _, err := c.exec(ctx, `INSERT INTO submission_rollups (festival_id, day, facet, key, count, credits) `+q); err != nil {
			return fmt.Errorf("store: rebuild submission rollups: %w", err)
		}
	}
	return renewRollupVersions(ctx, c, time.Now())
}
