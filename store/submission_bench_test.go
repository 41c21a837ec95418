package store_test

import (
	"context"
	"os"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// fillSubmissions adds n submissions (and n films of maker) to fest,
// spread over its categories, four in five scored.
func fillSubmissions(b testing.TB, f *subFixture, fest *marquee.Festival, n int) {
	b.Helper()
	ctx := context.Background()
	if err := f.ExecForTest(ctx, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
		INSERT INTO films (owner_id, title, country, created_at, updated_at)
		SELECT ?, 'Bench film', 'JP', ?, ? FROM seq`, n, f.maker.ID, subNow, subNow); err != nil {
		b.Fatal(err)
	}
	cats := len(fest.Categories)
	args := []any{n, fest.ID}
	caseCat := `CASE`
	for i, c := range fest.Categories {
		caseCat += ` WHEN seq.i % CAST(? AS INTEGER) = CAST(? AS INTEGER) THEN CAST(? AS BIGINT)`
		args = append(args, cats, i, c.ID)
	}
	caseCat += ` END`
	args = append(args, subNow, subNow, f.maker.ID)
	if err := f.ExecForTest(ctx, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
		INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, country, tier, fee_credits, paid_credits,
			score_judges, score_weighted, score_spread, created_at, updated_at)
		SELECT (SELECT MAX(id) FROM films) - seq.i + 1, fm.id, ?, `+caseCat+`,
			CASE WHEN seq.i % 3 = 0 THEN 'FR' ELSE 'JP' END, 'early', 10, 10,
			3, CASE WHEN seq.i % 5 = 0 THEN NULL ELSE (seq.i * 37 % 100) * 1.0 END, 4.0, ?, ?
		FROM seq, (SELECT CAST(? AS BIGINT) AS id) fm`, args...); err != nil {
		b.Fatal(err)
	}
	// The calibrated scores of the scored ones, as the judging service keeps them.
	if err := f.ExecForTest(ctx, `INSERT INTO calibrated_scores (festival_id, submission_id, category_id, calibrated)
		SELECT festival_id, id, category_id, (id * 13 % 7) * 0.5 - 1.5 FROM submissions WHERE festival_id = ? AND score_weighted IS NOT NULL`, fest.ID); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkReceived: an organiser's page of a festival with 5,000
// submissions (and another with 20,000 beside it), filtered by category
// and sorted by weighted score; and the date order unfiltered.
func BenchmarkReceived(b *testing.B) {
	run := func(b *testing.B, db *storetest.DB) {
		f := newSubFixture(b, db, 4)
		fillSubmissions(b, f, f.fest, 5000)
		other := f.newFestival(b, f.org, "Big Other", 4)
		fillSubmissions(b, f, other, 20000)
		org := as(f.org)
		if os.Getenv("MARQUEE_BENCH_PLAN") != "" {
			for _, order := range []string{"s.score_weighted DESC NULLS LAST, s.id", "s.created_at DESC, s.id DESC"} {
				for _, where := range []string{"s.festival_id = ?", "s.festival_id = ? AND s.category_id = ?"} {
					plan, err := f.QueryPlanForTest(context.Background(), `SELECT s.id FROM submissions s WHERE `+where+` ORDER BY `+order+` LIMIT 50 OFFSET 0`, f.fest.ID, f.fest.Categories[1].ID)
					b.Logf("%s / %s:\n%s %v", where, order, plan, err)
				}
			}
			for _, where := range []string{"cs.festival_id = ?", "cs.festival_id = ? AND cs.category_id = ?"} {
				plan, err := f.QueryPlanForTest(context.Background(), `SELECT cs.submission_id FROM calibrated_scores cs WHERE `+where+` ORDER BY cs.calibrated DESC, cs.submission_id LIMIT 50 OFFSET 0`, f.fest.ID, f.fest.Categories[1].ID)
				b.Logf("%s / calibrated:\n%s %v", where, plan, err)
			}
		}
		for _, c := range []struct {
			name   string
			filter marquee.ReceivedFilter
		}{
			{"category-by-score", marquee.ReceivedFilter{CategoryID: f.fest.Categories[1].ID, Sort: marquee.ReceivedSortScore}},
			{"all-by-date", marquee.ReceivedFilter{Sort: marquee.ReceivedSortDate}},
			{"all-by-score-page-20", marquee.ReceivedFilter{Sort: marquee.ReceivedSortScore, PageRequest: marquee.PageRequest{Page: 20}}},
			{"all-by-calibrated", marquee.ReceivedFilter{Sort: marquee.ReceivedSortCalibrated}},
		} {
			b.Run(c.name, func(b *testing.B) {
				p, err := f.svc.Submissions.Received(org, f.fest.Slug, c.filter)
				if err != nil || len(p.Items) != marquee.ReceivedPerPage {
					b.Fatalf("%v %v", p, err)
				}
				b.ResetTimer()
				for b.Loop() {
					if _, err := f.svc.Submissions.Received(org, f.fest.Slug, c.filter); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run("mine", func(b *testing.B) {
			for b.Loop() {
				if _, err := f.svc.Submissions.Mine(as(f.maker), marquee.SubmissionFilter{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("sqlite", func(b *testing.B) { run(b, storetest.Wrap(b, storetest.OpenSQLite(b))) })
	if os.Getenv(storetest.PostgresEnv) != "" {
		b.Run("postgres", func(b *testing.B) { run(b, storetest.Wrap(b, storetest.OpenPostgres(b))) })
	}
}
