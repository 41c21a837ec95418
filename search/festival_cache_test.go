package search

import (
	"context"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
)

// A remembered page serves the same search again, but never past a
// change: a festival changed, added or withdrawn is seen by the next
// search, and the day's deadlines follow the day searched.
func TestPageCacheFollowsChanges(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	film := marquee.FestivalQuery{Text: "film", Sort: marquee.FestivalSortStart}
	first := mustSearch(t, &ix, db, film)
	if got := ids(first); !slices.Equal(got, []int64{idBeijing, idLisbon, idTokyo}) {
		t.Fatalf("film = %v", got)
	}
	if _, ok := ix.pages.get(ix.version.Load(), keyOfSearch(film)); !ok {
		t.Fatal("the page was not remembered")
	}
	again := mustSearch(t, &ix, db, film)
	if !slices.Equal(ids(again), ids(first)) || again.Total != first.Total {
		t.Fatalf("the remembered page differs: %v / %v", ids(again), ids(first))
	}
	if again.Items[0] == first.Items[0] {
		t.Fatal("two searches share a festival value")
	}

	// A rename takes Lisbon out of 'film'; a new festival comes in.
	db.update(idLisbon, func(d *FestivalDoc) { d.Festival.Name = "Lisbon Days" })
	db.put(fest(9, "Osaka Film Week", "", "JP", "Osaka", "2026-02-01", "2026-02-03"))
	if got := ids(mustSearch(t, &ix, db, film)); !slices.Equal(got, []int64{9, idBeijing, idTokyo}) {
		t.Fatalf("after the changes, film = %v", got)
	}
	// Withdrawn from the search (no longer approved).
	db.update(idBeijing, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalRejected })
	if got := ids(mustSearch(t, &ix, db, film)); !slices.Equal(got, []int64{9, idTokyo}) {
		t.Fatalf("after a withdrawal, film = %v", got)
	}

	// The same search on another day: Tokyo's next deadline moves on.
	tokyo := marquee.FestivalQuery{Text: "tokyo"}
	for day, want := range map[string]string{"2026-03-01": "2026-04-01", "2026-04-02": "2026-05-01"} {
		p, err := ix.Search(context.Background(), db, tokyo, day)
		if err != nil || len(p.Items) != 1 || p.Items[0].NextDeadline != want {
			t.Fatalf("tokyo on %s: %+v %v", day, p, err)
		}
	}
}

// keyOfSearch is the cache key of q as Search normalises it.
func keyOfSearch(q marquee.FestivalQuery) pageKey {
	q.Normalize(fixtureToday, !ParseQuery(q.Text).Empty())
	return keyOf(q)
}
