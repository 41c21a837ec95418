package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestListTotalsFollowTheSubmissions: the organiser's list and the
// ranking read their totals from the rollups (submission_totals.go); after
// entries, a decision, withdrawals and a film's deletion (which takes its
// withdrawn entries with it) they equal a count over the submissions, per
// category and for all, and a rebuild of the rollups changes nothing.
func TestListTotalsFollowTheSubmissions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 2)
		grant(t, db.DB, f.maker.ID, 200)
		cats := f.fest.Categories
		check := func(when string) {
			t.Helper()
			for _, cat := range []int64{0, cats[0].ID, cats[1].ID} {
				where, args := `festival_id = ?`, []any{f.fest.ID}
				if cat != 0 {
					where, args = where+` AND category_id = ?`, append(args, cat)
				}
				all := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE `+where, args...)
				open := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE status <> 'withdrawn' AND `+where, args...)
				list, err := f.svc.Submissions.Received(as(f.org), f.fest.Slug, marquee.ReceivedFilter{CategoryID: cat})
				if err != nil {
					t.Fatal(err)
				}
				ranking, err := f.svc.Judging.Ranking(as(f.org), f.fest.Slug, marquee.RankingFilter{CategoryID: cat})
				if err != nil {
					t.Fatal(err)
				}
				if list.Total != all || ranking.Total != open || int64(len(ranking.Items)) != open {
					t.Fatalf("%s, category %d: list total %d (count %d), ranking total %d with %d lines (count %d)",
						when, cat, list.Total, all, ranking.Total, len(ranking.Items), open)
				}
			}
		}
		check("before any entry")
		first := f.submit(t, f.maker, f.film, "", 0, 1).Submissions
		other := f.newFilm(t, f.maker, "Day Boat", "FR")
		f.submit(t, f.maker, other, "", 0)
		check("after entries")
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{first[0].ID}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		check("after a decision")
		for _, s := range first[1:] {
			if _, err := f.svc.Submissions.Withdraw(as(f.maker), s.ID); err != nil {
				t.Fatal(err)
			}
		}
		gone := f.newFilm(t, f.maker, "Gone", "KR")
		entry := f.submit(t, f.maker, gone, "", 1).Submissions[0]
		if _, err := f.svc.Submissions.Withdraw(as(f.maker), entry.ID); err != nil {
			t.Fatal(err)
		}
		check("after withdrawals")
		if err := f.svc.Films.Delete(as(f.maker), gone); err != nil {
			t.Fatal(err)
		}
		check("after a film with a withdrawn entry is deleted")
		if err := db.RebuildSubmissionRollupsForTest(context.Background()); err != nil {
			t.Fatal(err)
		}
		check("after a rebuild of the rollups")
	})
}
