package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// fixtureFestival is one festival of the search fixture.
type fixtureFestival struct {
	name, description, country, city, start, end string
	status                                       marquee.FestivalStatus
	categories                                   []marquee.Category
}

// searchFixture is a handful of festivals in English, Japanese, Chinese,
// French and Korean, seen from 2026-03-01.
var searchFixture = []fixtureFestival{
	{"Tokyo International Film Festival", "東京国際映画祭は日本最大の映画祭です。", "JP", "Tokyo", "2026-10-26", "2026-11-05", marquee.FestivalApproved, []marquee.Category{
		{Name: "Short Film", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")},
		{Name: "ドキュメンタリー", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-07-01", Fee: 40}}},
	}},
	{"北京国际电影节", "中国电影的盛会 Beijing International Film Festival", "CN", "北京", "2026-04-20", "2026-04-27", marquee.FestivalApproved, []marquee.Category{
		{Name: "剧情片", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-03-10", Fee: 25}}},
	}},
	{"Festival de Cannes", "La compétition officielle", "FR", "Cannes", "2026-05-12", "2026-05-23", marquee.FestivalApproved, []marquee.Category{
		{Name: "Compétition", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-01-15", Fee: 50}, {Tier: marquee.TierLate, Date: "2026-02-20", Fee: 80}}},
	}},
	{"Sundance Film Festival", "Independent cinema in the mountains", "US", "Park City", "2027-01-21", "2027-01-31", marquee.FestivalApproved, []marquee.Category{
		{Name: "Documentary", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-08-01", Fee: 60}, {Tier: marquee.TierRegular, Date: "2026-09-01", Fee: 80}, {Tier: marquee.TierLate, Date: "2026-10-01", Fee: 100}}},
		{Name: "Short Film", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-09-15", Fee: 40}}},
	}},
	{"大阪アジアン映画祭", "アジア映画の祭典", "JP", "大阪", "2026-03-06", "2026-03-15", marquee.FestivalApproved, []marquee.Category{
		{Name: "コンペティション", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-03-02", Fee: 0}}},
	}},
	{"Filmmakers Lab Berlin", "Workshops for filmmakers", "DE", "Berlin", "2026-06-10", "2026-06-12", marquee.FestivalApproved, nil},
	{"Pending Film Fest", "東京の映画祭 电影", "JP", "Tokyo", "2026-06-10", "2026-06-12", marquee.FestivalPending, []marquee.Category{
		{Name: "Short Film", Deadlines: deadlines("2026-03-05", "2026-04-01", "2026-05-01")},
	}},
	{"Rejected Film Fest", "東京の映画祭 电影", "JP", "Tokyo", "2026-06-10", "2026-06-12", marquee.FestivalRejected, []marquee.Category{
		{Name: "Short Film", Deadlines: deadlines("2026-03-05", "2026-04-01", "2026-05-01")},
	}},
	{"서울독립영화제", "Seoul Independent Film Festival", "KR", "서울", "2026-09-10", "2026-09-18", marquee.FestivalApproved, nil},
}

// loadSearchFixture stores the fixture through the organiser's and the
// admins' API (create, categories, review) and returns its organiser.
func loadSearchFixture(t testing.TB, db *storetest.DB) *marquee.User {
	t.Helper()
	setNow(db, festivalNow)
	u := newOrganiser(t, db, "fixture@example.com")
	for _, ff := range searchFixture {
		d := marquee.FestivalDetails{Name: ff.name, Description: ff.description, Location: ff.city + " centre", Country: ff.country,
			City: ff.city, StartDate: ff.start, EndDate: ff.end, ContactEmail: "x@example.org"}
		f := mustCreate(t, db, u, d)
		if ff.categories != nil {
			var err error
			if f, err = db.Festivals.ReplaceCategories(as(u), f.Slug, f.Version, ff.categories); err != nil {
				t.Fatalf("categories of %s: %v", ff.name, err)
			}
		}
		switch ff.status {
		case marquee.FestivalApproved:
			approve(t, db, f.ID)
		case marquee.FestivalRejected:
			reject(t, db, f.ID, "Duplicate")
		}
	}
	return u
}

// Slugs of the fixture's approved festivals.
const (
	sTokyo    = "tokyo-international-film-festival"
	sBeijing  = "北京国际电影节"
	sCannes   = "festival-de-cannes"
	sSundance = "sundance-film-festival"
	sOsaka    = "大阪アジアン映画祭"
	sBerlin   = "filmmakers-lab-berlin"
	sSeoul    = "서울독립영화제"
)

func fee(n int64) *int64 { return &n }

var searchCases = []struct {
	name  string
	q     marquee.FestivalQuery
	want  []string
	total int64
}{
	// Text in each script; relevance by default when there is text.
	{"english prefix", marquee.FestivalQuery{Text: "film"}, []string{sTokyo, sSundance, sBerlin, sBeijing, sSeoul}, 5},
	{"english prefix fest", marquee.FestivalQuery{Text: "FEST", Sort: "start"}, []string{sBeijing, sCannes, sSeoul, sTokyo, sSundance}, 5},
	{"accents ignored", marquee.FestivalQuery{Text: "CANNÉS"}, []string{sCannes}, 1},
	{"accented text, plain query", marquee.FestivalQuery{Text: "competition"}, []string{sCannes}, 1},
	{"japanese two characters", marquee.FestivalQuery{Text: "映画"}, []string{sOsaka, sTokyo}, 2},
	{"japanese three characters", marquee.FestivalQuery{Text: "映画祭"}, []string{sOsaka, sTokyo}, 2},
	{"japanese longer word", marquee.FestivalQuery{Text: "国際映画祭"}, []string{sTokyo}, 1},
	{"japanese one character", marquee.FestivalQuery{Text: "ア"}, []string{sOsaka}, 1},
	{"katakana word", marquee.FestivalQuery{Text: "アジアン"}, []string{sOsaka}, 1},
	{"katakana category", marquee.FestivalQuery{Text: "ドキュメンタリー"}, []string{sTokyo}, 1},
	{"chinese two characters", marquee.FestivalQuery{Text: "电影"}, []string{sBeijing}, 1},
	{"chinese three characters", marquee.FestivalQuery{Text: "电影节"}, []string{sBeijing}, 1},
	{"korean", marquee.FestivalQuery{Text: "서울"}, []string{sSeoul}, 1},
	{"mixed scripts", marquee.FestivalQuery{Text: "tokyo 映画"}, []string{sTokyo}, 1},
	{"mixed scripts, no festival has both", marquee.FestivalQuery{Text: "cannes 映画"}, []string{}, 0},
	{"no match", marquee.FestivalQuery{Text: "xyzzy"}, []string{}, 0},
	{"punctuation only lists all", marquee.FestivalQuery{Text: "!!", PerPage: 2}, []string{sOsaka, sBeijing}, 7},
	{"text sorted by deadline", marquee.FestivalQuery{Text: "film", Sort: "deadline"}, []string{sBeijing, sTokyo, sSundance, sBerlin, sSeoul}, 5},
	// Filters.
	{"all by deadline, closed last", marquee.FestivalQuery{}, []string{sOsaka, sBeijing, sTokyo, sSundance, sCannes, sBerlin, sSeoul}, 7},
	{"country", marquee.FestivalQuery{Country: "jp"}, []string{sOsaka, sTokyo}, 2},
	{"country and text", marquee.FestivalQuery{Country: "JP", Text: "film"}, []string{sTokyo}, 1},
	{"open", marquee.FestivalQuery{Open: true}, []string{sOsaka, sBeijing, sTokyo, sSundance}, 4},
	{"month", marquee.FestivalQuery{From: "2026-05-01", To: "2026-05-31"}, []string{sCannes}, 1},
	{"overlap at both ends", marquee.FestivalQuery{From: "2026-04-27", To: "2026-05-12"}, []string{sBeijing, sCannes}, 2},
	{"from only", marquee.FestivalQuery{From: "2026-09-11", Sort: "start"}, []string{sSeoul, sTokyo, sSundance}, 3},
	{"to only", marquee.FestivalQuery{To: "2026-03-06"}, []string{sOsaka}, 1},
	{"category", marquee.FestivalQuery{Category: "short"}, []string{sTokyo, sSundance}, 2},
	{"category upper case", marquee.FestivalQuery{Category: "SHORT FILM"}, []string{sTokyo, sSundance}, 2},
	{"category without accent", marquee.FestivalQuery{Category: "compet"}, []string{sCannes}, 1},
	{"category in katakana", marquee.FestivalQuery{Category: "ドキュメ"}, []string{sTokyo}, 1},
	{"category wildcard is literal", marquee.FestivalQuery{Category: "%"}, []string{}, 0},
	{"category underscore is literal", marquee.FestivalQuery{Category: "_"}, []string{}, 0},
	{"free", marquee.FestivalQuery{MaxFee: fee(0)}, []string{sOsaka}, 1},
	{"max fee", marquee.FestivalQuery{MaxFee: fee(25)}, []string{sOsaka, sBeijing, sTokyo}, 3},
	{"max fee and country", marquee.FestivalQuery{MaxFee: fee(25), Country: "CN", Open: true}, []string{sBeijing}, 1},
	// Orders and pages.
	{"by start", marquee.FestivalQuery{Sort: "start"}, []string{sOsaka, sBeijing, sCannes, sBerlin, sSeoul, sTokyo, sSundance}, 7},
	{"relevance without text is by deadline", marquee.FestivalQuery{Sort: "relevance", Open: true}, []string{sOsaka, sBeijing, sTokyo, sSundance}, 4},
	{"second page", marquee.FestivalQuery{Sort: "start", Page: 2, PerPage: 2}, []string{sCannes, sBerlin}, 7},
	{"last page", marquee.FestivalQuery{Sort: "start", Page: 4, PerPage: 2}, []string{sSundance}, 7},
	{"past the last page", marquee.FestivalQuery{Sort: "start", Page: 9, PerPage: 2}, []string{}, 7},
	{"past the last page with text", marquee.FestivalQuery{Text: "映画", Page: 3, PerPage: 1}, []string{}, 2},
}

func TestFestivalSearch(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		loadSearchFixture(t, db)
		for _, c := range searchCases {
			p, err := db.Festivals.Search(ctx, c.q)
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			if got := slugsOf(p.Items); !reflect.DeepEqual(got, c.want) || p.Total != c.total {
				t.Errorf("%s: got %v (total %d), want %v (total %d)", c.name, got, p.Total, c.want, c.total)
			}
			for _, f := range p.Items {
				if f.Status != marquee.FestivalApproved || f.Categories != nil || f.Criteria != nil {
					t.Errorf("%s: item %s", c.name, describe(f))
				}
			}
		}
		p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if err != nil || p.Page != 1 || p.PerPage != 20 {
			t.Fatalf("defaults: %+v %v", p, err)
		}
		p, _ = db.Festivals.Search(ctx, marquee.FestivalQuery{PerPage: 500})
		if p.PerPage != 50 {
			t.Fatalf("per page capped: %d", p.PerPage)
		}
		p, _ = db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "tokyo"})
		if len(p.Items) != 1 || p.Items[0].NextDeadline != "2026-04-01" || p.Items[0].MinFee == nil || *p.Items[0].MinFee != 10 {
			t.Fatalf("cached deadline in the list: %+v", p.Items)
		}
	})
}

func TestFestivalSearchValidation(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	ctx := context.Background()
	cases := map[string]marquee.FestivalQuery{
		"q":        {Text: strings.Repeat("映", 201)},
		"country":  {Country: "ZZ"},
		"from":     {From: "2026-13-01"},
		"to":       {From: "2026-05-02", To: "2026-05-01"},
		"category": {Category: strings.Repeat("c", 101)},
		"maxFee":   {MaxFee: fee(-1)},
		"sort":     {Sort: "name"},
		"page":     {Page: -1},
	}
	for field, q := range cases {
		_, err := db.Festivals.Search(ctx, q)
		if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)[field] == "" {
			t.Errorf("%s: got %v %v", field, err, marquee.ErrorFields(err))
		}
	}
	_, err := db.Festivals.Search(ctx, marquee.FestivalQuery{To: "2026-02-30"})
	if marquee.ErrorFields(err)["to"] != "Enter the date as YYYY-MM-DD" {
		t.Errorf("bad to date: %v", err)
	}
}

// When days pass, searches follow at once: the next deadline, the open
// filter and the minimum fee are computed from the deadlines for the
// query's day, never from the cached columns, which RefreshDeadlines
// brings up to date for the other lists.
func TestFestivalDeadlinesRefresh(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		loadSearchFixture(t, db)
		open := func() []string {
			t.Helper()
			p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{Open: true})
			if err != nil {
				t.Fatal(err)
			}
			return slugsOf(p.Items)
		}
		cheap := func() []string {
			t.Helper()
			p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{MaxFee: fee(20)})
			if err != nil {
				t.Fatal(err)
			}
			return slugsOf(p.Items)
		}
		if got := open(); !reflect.DeepEqual(got, []string{sOsaka, sBeijing, sTokyo, sSundance}) {
			t.Fatalf("open on 03-01: %v", got)
		}
		// Two days later Osaka's only deadline (03-02) has passed; nobody refreshed.
		setNow(db, festivalNow.AddDate(0, 0, 2))
		if got := open(); !reflect.DeepEqual(got, []string{sBeijing, sTokyo, sSundance}) {
			t.Fatalf("open on 03-03: %v", got)
		}
		if got := cheap(); !reflect.DeepEqual(got, []string{sTokyo}) { // osaka (fee 0) closed
			t.Fatalf("max fee 20 on 03-03: %v", got)
		}
		if n, err := db.Festivals.RefreshDeadlines(ctx); err != nil || n != 1 {
			t.Fatalf("refresh on 03-03 changed %d rows (%v), want 1 (osaka)", n, err)
		}
		if n, err := db.Festivals.RefreshDeadlines(ctx); err != nil || n != 0 {
			t.Fatalf("second refresh the same day changed %d rows (%v)", n, err)
		}
		// On 04-02: Beijing (03-10) closed, pending and rejected (03-05 and
		// 04-01 passed) move on, and Tokyo's early tier (04-01, fee 10)
		// gave way to its regular tier (05-01, fee 20).
		setNow(db, festivalNow.AddDate(0, 1, 1))
		if got := open(); !reflect.DeepEqual(got, []string{sTokyo, sSundance}) {
			t.Fatalf("open on 04-02: %v", got)
		}
		if got := cheap(); !reflect.DeepEqual(got, []string{sTokyo}) {
			t.Fatalf("max fee 20 on 04-02: %v", got)
		}
		n, err := db.Festivals.RefreshDeadlines(ctx)
		if err != nil || n != 4 {
			t.Fatalf("refresh on 04-02 changed %d rows (%v), want 4 (beijing, tokyo, pending, rejected)", n, err)
		}
		f, _ := db.Festivals.Public(ctx, sTokyo)
		if f.NextDeadline != "2026-05-01" || *f.MinFee != 20 || f.Categories[0].Current.Tier != marquee.TierRegular {
			t.Fatalf("tokyo on 04-02: %s fee %d current %+v", f.NextDeadline, *f.MinFee, f.Categories[0].Current)
		}
		// A year on, everything is closed.
		setNow(db, festivalNow.AddDate(1, 0, 0))
		if got := open(); len(got) != 0 {
			t.Fatalf("open a year later: %v", got)
		}
		if got := cheap(); len(got) != 0 {
			t.Fatalf("cheap a year later: %v", got)
		}
		all, _ := db.Festivals.Search(ctx, marquee.FestivalQuery{})
		for _, f := range all.Items {
			if f.NextDeadline != "" || f.MinFee != nil {
				t.Fatalf("closed festival still has a deadline: %s", describe(f))
			}
		}
	})
}
