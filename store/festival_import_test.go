package store_test

import (
	"cmp"
	"context"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestImportFestivals(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "seed@example.com")
		fs := genFestivals(700)
		// Same names in one batch and across batches.
		for k := 100; k < 105; k++ {
			fs[k].Name = fs[k-100].Name
		}
		fs[400].Name = fs[10].Name
		if err := db.ImportFestivals(ctx, u.ID, fs); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.FindUserByID(ctx, u.ID); got.Role != marquee.RoleOrganiser {
			t.Fatalf("importer role %q", got.Role)
		}
		slugs := map[string]bool{}
		dup := 0
		for i, f := range fs {
			if f.ID == 0 || f.Slug == "" || slugs[f.Slug] || f.Version != 1 {
				t.Fatalf("festival %d: id %d slug %q version %d", i, f.ID, f.Slug, f.Version)
			}
			slugs[f.Slug] = true
			if strings.HasSuffix(f.Slug, "-2") {
				dup++
			}
		}
		if fs[100].Slug != fs[0].Slug+"-2" || fs[400].Slug != fs[10].Slug+"-2" {
			t.Fatalf("repeated names: %q %q, %q %q", fs[0].Slug, fs[100].Slug, fs[10].Slug, fs[400].Slug)
		}
		if dup < 6 {
			t.Fatal("the generated names never repeat: the slug suffixes go untested")
		}
		// Every 37th festival, read back, equals what was imported.
		for i := 0; i < len(fs); i += 37 {
			want := fs[i]
			got, err := db.FestivalByID(ctx, want.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Slug != want.Slug || got.FestivalDetails != want.FestivalDetails || got.Status != want.Status ||
				got.RejectionReason != want.RejectionReason || got.NextDeadline != want.NextDeadline ||
				!reflect.DeepEqual(got.MinFee, want.MinFee) || !reflect.DeepEqual(got.Criteria, nilIfEmpty(want.Criteria)) ||
				len(got.Categories) != len(want.Categories) {
				t.Fatalf("festival %d read back:\n%+v\nimported:\n%+v", i, got, want)
			}
			for k := range got.Categories {
				if !reflect.DeepEqual(got.Categories[k], want.Categories[k]) {
					t.Fatalf("festival %d category %d:\n%+v\n%+v", i, k, got.Categories[k], want.Categories[k])
				}
			}
		}
		// The cached columns (in lists) equal what the categories say.
		items, total, err := db.ListFestivalsForAdmin(ctx, "", 200, 0)
		if err != nil || total != 700 {
			t.Fatalf("list: %d %v", total, err)
		}
		for _, it := range items {
			full, _ := db.FestivalByID(ctx, it.ID)
			if it.NextDeadline != full.NextDeadline || !reflect.DeepEqual(it.MinFee, full.MinFee) {
				t.Fatalf("%s: cached %q/%v, computed %q/%v", it.Slug, it.NextDeadline, it.MinFee, full.NextDeadline, full.MinFee)
			}
		}

		// A batch with an invalid festival fails as a whole.
		bad := genFestivals(3)
		bad[2].Categories = []marquee.Category{{Name: "Late", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2099-01-01", Fee: 1}}}}
		if err := db.ImportFestivals(ctx, u.ID, bad); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("invalid import: %v", err)
		}
		if _, total, _ := db.ListFestivalsForAdmin(ctx, "", 20, 0); total != 700 {
			t.Fatalf("a refused import stored festivals: %d", total)
		}
	})
}

func nilIfEmpty(cs []marquee.Criterion) []marquee.Criterion {
	if cs == nil {
		return []marquee.Criterion{}
	}
	return cs
}

// refSearch is a plain Go evaluation of a text search with the deadline
// or relevance order, to check the SQL against.
func refSearch(fs []*marquee.Festival, q marquee.FestivalQuery, today string) []int64 {
	parsed := search.ParseQuery(q.Text)
	type hit struct {
		f     *marquee.Festival
		score int
		next  string
	}
	var hits []hit
	for _, f := range fs {
		if f.Status != marquee.FestivalApproved || q.Country != "" && f.Country != q.Country {
			continue
		}
		next, minFee := "", (*int64)(nil)
		for i := range f.Categories {
			if cur := f.Categories[i].CurrentDeadline(today); cur != nil {
				if next == "" || cur.Date < next {
					next = cur.Date
				}
				if minFee == nil || cur.Fee < *minFee {
					v := cur.Fee
					minFee = &v
				}
			}
		}
		if q.Open && next == "" || q.MaxFee != nil && (minFee == nil || *minFee > *q.MaxFee) {
			continue
		}
		weights := map[string]int{}
		add := func(s string, w int) {
			for _, term := range search.Terms(s) {
				weights[term] = max(weights[term], w)
			}
		}
		add(f.Name, 3)
		add(f.Location, 2)
		add(f.City, 2)
		add(f.Description, 1)
		for _, c := range f.Categories {
			add(c.Name, 1)
		}
		score, all := 0, true
		for _, p := range parsed.Parts {
			best := 0
			for term, w := range weights {
				if p.Prefix && term >= p.Term && (p.Upper == "" || term < p.Upper) || !p.Prefix && term == p.Term {
					best = max(best, w)
				}
			}
			all = all && best > 0
			score += best
		}
		if all {
			hits = append(hits, hit{f, score, next})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if q.Sort == marquee.FestivalSortRelevance {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(btoi(a.next == ""), btoi(b.next == "")); c != 0 {
			return c
		}
		return cmp.Or(cmp.Compare(a.next, b.next), cmp.Compare(a.f.StartDate, b.f.StartDate), cmp.Compare(a.f.ID, b.f.ID))
	})
	ids := []int64{}
	for _, h := range hits {
		ids = append(ids, h.f.ID)
	}
	return ids
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// generatedQueries are searches over genFestivals data.
var generatedQueries = []marquee.FestivalQuery{
	{Text: "film"}, {Text: "fi"}, {Text: "horror", Open: true}, {Text: "Documentary", Country: "JP"},
	{Text: "映画"}, {Text: "映画祭", Open: true}, {Text: "東京"}, {Text: "京"}, {Text: "ドキュメンタリー"},
	{Text: "电影"}, {Text: "电影节", Country: "CN"}, {Text: "纪录片"}, {Text: "北京 电影"}, {Text: "krakow"},
	{Text: "SÃO"}, {Text: "paulo cinema"}, {Text: "tokyo 映画"}, {Text: "compétition"}, {Text: "短編", MaxFee: fee(40)},
	{Text: "film", Sort: marquee.FestivalSortDeadline, Open: true, MaxFee: fee(30)},
	{Text: "arts centre", Country: "FR"}, {Text: "edition 13"}, {Text: "第13回"},
}

// The SQL search returns what a plain Go evaluation of the same rules
// returns, on generated data in three scripts.
func TestFestivalSearchMatchesReference(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "seed@example.com")
		fs := genFestivals(900)
		if err := db.ImportFestivals(ctx, u.ID, fs); err != nil {
			t.Fatal(err)
		}
		for _, q := range generatedQueries {
			q.PerPage = 50
			if q.Sort == "" {
				q.Sort = marquee.FestivalSortRelevance
			}
			want := refSearch(fs, q, "2026-03-01")
			p, err := db.SearchFestivals(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, f := range p.Items {
				got = append(got, f.ID)
			}
			if p.Total != int64(len(want)) || !reflect.DeepEqual(got, want[:min(len(want), 50)]) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("%+v: got %d %v, want %d %v", q, p.Total, got, len(want), want[:min(len(want), 50)])
			}
			if len(want) == 0 && q.Text != "krakow" {
				t.Errorf("%+v matches nothing in the generated data: a weak test", q)
			}
		}
	})
}

// SQLite and PostgreSQL return the same festivals in the same order for
// the same data and queries.
func TestFestivalSearchSameOnBothDatabases(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip(storetest.PostgresEnv + " is not set")
	}
	ctx := context.Background()
	dbs := []*store.DB{storetest.OpenSQLite(t), storetest.OpenPostgres(t)}
	for _, db := range dbs {
		loadSearchFixture(t, db)
		u := newOrganiser(t, db, "seed@example.com")
		if err := db.ImportFestivals(ctx, u.ID, genFestivals(600)); err != nil {
			t.Fatal(err)
		}
	}
	queries := append([]marquee.FestivalQuery{}, generatedQueries...)
	for _, c := range searchCases {
		queries = append(queries, c.q)
	}
	for _, q := range queries {
		var results [2][]int64
		var totals [2]int64
		for i, db := range dbs {
			p, err := db.SearchFestivals(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			totals[i] = p.Total
			for _, f := range p.Items {
				results[i] = append(results[i], f.ID)
			}
		}
		if totals[0] != totals[1] || !reflect.DeepEqual(results[0], results[1]) {
			t.Errorf("%+v: sqlite %d %v, postgres %d %v", q, totals[0], results[0], totals[1], results[1])
		}
	}
}
