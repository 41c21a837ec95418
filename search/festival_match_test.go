package search

import (
	"reflect"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

func fee(n int64) *int64 { return &n }

func TestFestivalIndexSearch(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	cases := []struct {
		name  string
		q     marquee.FestivalQuery
		want  []int64
		total int64
	}{
		{"relevance by default with text, ties by deadline", marquee.FestivalQuery{Text: "film"}, []int64{idTokyo, idLisbon, idBeijing}, 3},
		{"text by deadline, closed last", marquee.FestivalQuery{Text: "film", Sort: marquee.FestivalSortDeadline}, []int64{idBeijing, idTokyo, idLisbon}, 3},
		{"prefix", marquee.FestivalQuery{Text: "FEST", Sort: marquee.FestivalSortStart}, []int64{idCannes, idLisbon, idTokyo}, 3},
		{"every word", marquee.FestivalQuery{Text: "tokyo film"}, []int64{idTokyo}, 1},
		{"japanese bigram", marquee.FestivalQuery{Text: "映画"}, []int64{idTokyo}, 1},
		{"chinese bigram", marquee.FestivalQuery{Text: "电影"}, []int64{idBeijing}, 1},
		{"accents ignored", marquee.FestivalQuery{Text: "competition"}, []int64{idCannes}, 1},
		{"no match", marquee.FestivalQuery{Text: "xyzzy"}, []int64{}, 0},
		{"all by deadline, closed by start", marquee.FestivalQuery{}, []int64{idBeijing, idTokyo, idCannes, idLisbon}, 4},
		{"text without terms lists all by deadline", marquee.FestivalQuery{Text: "!!", PerPage: 2}, []int64{idBeijing, idTokyo}, 4},
		{"relevance without text by deadline", marquee.FestivalQuery{Sort: marquee.FestivalSortRelevance}, []int64{idBeijing, idTokyo, idCannes, idLisbon}, 4},
		{"by start", marquee.FestivalQuery{Sort: marquee.FestivalSortStart}, []int64{idBeijing, idCannes, idLisbon, idTokyo}, 4},
		{"country", marquee.FestivalQuery{Country: "jp"}, []int64{idTokyo}, 1},
		{"dates overlap", marquee.FestivalQuery{From: "2026-04-27", To: "2026-05-12"}, []int64{idBeijing, idCannes}, 2},
		{"open", marquee.FestivalQuery{Open: true}, []int64{idBeijing, idTokyo}, 2},
		{"open on a later day", marquee.FestivalQuery{Open: true, Today: "2026-04-02"}, []int64{idTokyo}, 1},
		{"max fee", marquee.FestivalQuery{MaxFee: fee(20)}, []int64{idTokyo}, 1},
		{"max fee on a later day", marquee.FestivalQuery{MaxFee: fee(10), Today: "2026-04-02"}, []int64{}, 0},
		{"category folded", marquee.FestivalQuery{Category: "COMPET"}, []int64{idCannes}, 1},
		{"category and text", marquee.FestivalQuery{Category: "short", Text: "tokyo"}, []int64{idTokyo}, 1},
		{"second page", marquee.FestivalQuery{Sort: marquee.FestivalSortStart, Page: 2, PerPage: 3}, []int64{idTokyo}, 4},
		{"past the last page", marquee.FestivalQuery{Page: 3, PerPage: 2}, []int64{}, 4},
	}
	for _, c := range cases {
		p := mustSearch(t, &ix, db, c.q)
		if got := ids(p); !reflect.DeepEqual(got, c.want) || p.Total != c.total {
			t.Errorf("%s: got %v (total %d), want %v (total %d)", c.name, got, p.Total, c.want, c.total)
		}
	}
	p := mustSearch(t, &ix, db, marquee.FestivalQuery{PerPage: 500})
	if p.Page != 1 || p.PerPage != marquee.FestivalSearchPerPageMax {
		t.Errorf("page %d, per page %d", p.Page, p.PerPage)
	}
}

// Results carry the next deadline and lowest current fee of the query's
// day, and no categories; they are copies of what the index keeps.
func TestFestivalIndexSearchItems(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	for _, c := range []struct {
		today, next string
		fee         *int64
	}{
		{"", "2026-04-01", fee(10)}, {"2026-04-01", "2026-04-01", fee(10)}, {"2026-04-02", "2026-05-01", fee(20)},
		{"2026-06-01", "2026-06-01", fee(30)}, {"2026-06-02", "", nil},
	} {
		p := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "tokyo international", Today: c.today})
		if len(p.Items) != 1 {
			t.Fatalf("%s: %v", c.today, ids(p))
		}
		f := p.Items[0]
		if f.NextDeadline != c.next || !reflect.DeepEqual(f.MinFee, c.fee) || f.Categories != nil || f.Name != "Tokyo International Film Festival" {
			t.Errorf("on %q: next %q fee %v categories %v name %q", c.today, f.NextDeadline, f.MinFee, f.Categories, f.Name)
		}
		f.Name, f.NextDeadline = "Changed", "2000-01-01"
		if f.DeadlinesAnnounced == nil || !*f.DeadlinesAnnounced {
			t.Errorf("on %q: a festival with deadlines says none were announced", c.today)
		}
	}
	// A festival without categories never opened: its results say so, and
	// so does the listing's JSON.
	p := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "lisbon"})
	if len(p.Items) != 1 || p.Items[0].DeadlinesAnnounced == nil || *p.Items[0].DeadlinesAnnounced {
		t.Fatalf("lisbon: %+v", p.Items)
	}
	if b := p.Items[0].Listing; !strings.Contains(string(b), `"deadlinesAnnounced":false`) {
		t.Errorf("listing %s", b)
	}
	// ListingsOnly finds the same page, its items holding only what the
	// API's list is written from, the same bytes.
	q := marquee.FestivalQuery{Text: "film", Today: "2026-04-02"}
	full := mustSearch(t, &ix, db, q)
	q.ListingsOnly = true
	lean := mustSearch(t, &ix, db, q)
	if lean.Total != full.Total || !reflect.DeepEqual(ids(lean), ids(full)) || len(full.Items) < 2 {
		t.Fatalf("listings only: %d %v, full: %d %v", lean.Total, ids(lean), full.Total, ids(full))
	}
	for i, f := range lean.Items {
		want := marquee.Festival{ID: full.Items[i].ID, Listing: full.Items[i].Listing, NextDeadline: full.Items[i].NextDeadline,
			MinFee: full.Items[i].MinFee}
		if !reflect.DeepEqual(*f, want) {
			t.Errorf("listings only, item %d: %+v, want %+v", i, *f, want)
		}
	}
}

// A festival's search terms keep the weight of the best field they are
// in: name 3, location or city 2, description or category 1.
func TestFestivalTermsWeights(t *testing.T) {
	var tc termCollector
	d := marquee.FestivalDetails{Name: "Harbour Film", Location: "Old Harbour", City: "Porto", Description: "Films by the harbour, in Porto."}
	got := map[string]uint8{}
	for _, tw := range tc.festivalTerms(&d, []string{"Short Film", "Porto Prize"}) {
		got[tw.term] = tw.weight
	}
	want := map[string]uint8{"harbour": 3, "film": 3, "old": 2, "porto": 2, "films": 1, "by": 1, "the": 1, "in": 1, "short": 1, "prize": 1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
