package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestAnalyticsRangeFollowsEveryChange: a range's facets are kept per node
// (analytics_range_cache.go) but answer every change at once: a new entry,
// a decision, a withdrawal and a rebuild of the rollups each show in the
// next read of the same range, as they do in the range "all".
func TestAnalyticsRangeFollowsEveryChange(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 2)
		grant(t, db.DB, f.maker.ID, 100)
		statuses := func() map[string]int64 {
			t.Helper()
			a, err := f.svc.Analytics.FestivalAnalytics(as(f.org), f.fest.Slug, marquee.Range30d)
			if err != nil {
				t.Fatal(err)
			}
			all, err := f.svc.Analytics.FestivalAnalytics(as(f.org), f.fest.Slug, marquee.RangeAll)
			if err != nil {
				t.Fatal(err)
			}
			out, inAll := map[string]int64{}, map[string]int64{}
			for _, x := range a.ByStatus {
				out[x.Key] = x.Count
			}
			for _, x := range all.ByStatus {
				inAll[x.Key] = x.Count
			}
			if len(out) != len(inAll) {
				t.Fatalf("30 days %v, all days %v", out, inAll)
			}
			for k, v := range out {
				if inAll[k] != v {
					t.Fatalf("30 days %v, all days %v", out, inAll)
				}
			}
			return out
		}
		if got := statuses(); len(got) != 0 {
			t.Fatalf("before any entry: %v", got)
		}
		first := f.submit(t, f.maker, f.film, "", 0).Submissions[0]
		if got := statuses(); got["submitted"] != 1 || len(got) != 1 {
			t.Fatalf("after an entry: %v", got)
		}
		statuses() // read again: kept
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{first.ID}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		if got := statuses(); got["selected"] != 1 || len(got) != 1 {
			t.Fatalf("after a decision: %v", got)
		}
		second := f.submit(t, f.maker, f.newFilm(t, f.maker, "Second", "KR"), "", 1).Submissions[0]
		if got := statuses(); got["selected"] != 1 || got["submitted"] != 1 {
			t.Fatalf("after a second entry: %v", got)
		}
		if _, err := f.svc.Submissions.Withdraw(as(f.maker), second.ID); err != nil {
			t.Fatal(err)
		}
		if got := statuses(); got["withdrawn"] != 1 || got["submitted"] != 0 {
			t.Fatalf("after a withdrawal: %v", got)
		}
		// A rebuild writes the rollups anew (UTC days) and renews the versions.
		if err := db.RebuildSubmissionRollupsForTest(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := statuses(); got["withdrawn"] != 1 || got["selected"] != 1 {
			t.Fatalf("after a rebuild: %v", got)
		}
	})
}
