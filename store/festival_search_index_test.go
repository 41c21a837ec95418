package store_test

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// forEachTwoNodes runs fn with two handles on one fresh, migrated
// database, as two servers sharing it would have (storetest.ForEachShared:
// on SQLite, and on PostgreSQL when MARQUEE_TEST_POSTGRES_URL is set),
// each with services of its own whose clock reads festivalNow.
func forEachTwoNodes(t *testing.T, fn func(t *testing.T, a, b *storetest.DB)) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		fn(t, festivalNode(t, a), festivalNode(t, b))
	})
}

// festivalNode is db with services of its own whose clock reads festivalNow.
func festivalNode(t *testing.T, db *store.DB) *storetest.DB {
	t.Helper()
	node := storetest.Wrap(t, db)
	setNow(node, festivalNow)
	return node
}

// generatedQueries are searches over genFestivals data (and the
// "zebracorn" festivals the reference test makes of them).
var generatedQueries = []marquee.FestivalQuery{
	{Text: "film"}, {Text: "fi"}, {Text: "horror", Open: true}, {Text: "Documentary", Country: "JP"},
	{Text: "映画"}, {Text: "映画祭", Open: true}, {Text: "東京"}, {Text: "京"}, {Text: "ドキュメンタリー"},
	{Text: "电影"}, {Text: "电影节", Country: "CN"}, {Text: "纪录片"}, {Text: "北京 电影"}, {Text: "krakow"},
	{Text: "SÃO"}, {Text: "paulo cinema"}, {Text: "tokyo 映画"}, {Text: "compétition"}, {Text: "短編", MaxFee: fee(40)},
	{Text: "film", Sort: marquee.FestivalSortDeadline, Open: true, MaxFee: fee(30)},
	{Text: "arts centre", Country: "FR"}, {Text: "edition 13"}, {Text: "第13回"},
	{Text: "映画", Country: "JP", Open: true}, {Text: "电影", Country: "CN", Open: true}, {Text: "film", Country: "FR", Open: true},
	{Country: "US", Open: true}, {Country: "JP", Sort: marquee.FestivalSortStart}, {Open: true, MaxFee: fee(20)},
	{From: "2026-06-01", To: "2026-06-30"}, {Text: "film", From: "2027-01-01", Sort: marquee.FestivalSortStart},
	{To: "2026-04-15", Sort: marquee.FestivalSortRelevance}, {Category: "docu"}, {Category: "短編", Open: true},
	{Category: "COMPET", Text: "festival"}, {Text: "film", Page: 3}, {Page: 2, Sort: marquee.FestivalSortStart},
	{Text: "zebracorn"}, {Text: "zebra shorts"}, {Category: "zebracorn", MaxFee: fee(7)},
}

// searchTodays are the days the reference test searches on.
var searchTodays = []string{"2026-03-01", "2026-07-15", "2027-02-01"}

// normalized fills in what Festivals.Search defaults, for the reference.
func normalized(q marquee.FestivalQuery, today string) marquee.FestivalQuery {
	if q.Sort == "" {
		q.Sort = marquee.FestivalSortDeadline
		if !search.ParseQuery(q.Text).Empty() {
			q.Sort = marquee.FestivalSortRelevance
		}
	}
	if q.Page == 0 {
		q.Page = 1
	}
	q.PerPage, q.Today = 50, today
	return q
}

// checkReference compares db's search with the reference for every
// generated query on every day, and records which queries matched.
func checkReference(t *testing.T, db *storetest.DB, fs []*marquee.Festival, matched map[int]bool) {
	t.Helper()
	for i, q := range generatedQueries {
		for _, today := range searchTodays {
			q := normalized(q, today)
			want, total := refSearch(fs, q)
			p, err := db.Festivals.Search(context.Background(), q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			got := []refHit{}
			for _, f := range p.Items {
				got = append(got, refHit{f.ID, f.NextDeadline, f.MinFee})
			}
			if p.Total != int64(total) || !reflect.DeepEqual(got, want) {
				t.Errorf("%+v: got %d %v, want %d %v", q, p.Total, got, total, want)
			}
			matched[i] = matched[i] || total > 0
		}
	}
}

// The in-memory search returns what a plain Go evaluation of the rules
// returns, on generated data in three scripts, for several days: after
// the first load, and after many changes made through another handle
// (another server), synced in small steps on one handle and loaded at
// once on a third.
func TestFestivalSearchMatchesReference(t *testing.T) {
	forEachTwoNodes(t, func(t *testing.T, a, b *storetest.DB) {
		ctx := context.Background()
		u := newOrganiser(t, a, "seed@example.com")
		fs := genFestivals(900)
		if err := a.Festivals.Import(ctx, u.ID, fs); err != nil {
			t.Fatal(err)
		}
		matched := map[int]bool{}
		checkReference(t, a, fs, matched)
		changes := 0
		for i := 0; i < 400; i++ {
			f := fs[i]
			var got *marquee.Festival
			var err error
			switch {
			case f.Status == marquee.FestivalPending && i%20 == 0:
				got, err = b.Festivals.Approve(adminCtx(t, b), f.ID)
			case f.Status == marquee.FestivalApproved && i%9 == 2:
				got, err = b.Festivals.Reject(adminCtx(t, b), f.ID, "Duplicate")
			case i%11 == 5:
				d := f.FestivalDetails
				d.Name = "Zebracorn " + d.Name
				got, err = b.Festivals.UpdateDetails(as(u), f.Slug, f.Version, d)
			case i%13 == 3:
				start, _ := marquee.ParseDate(f.StartDate)
				cats := []marquee.Category{{Name: "Zebracorn Shorts", Deadlines: []marquee.Deadline{
					{Tier: marquee.TierEarly, Date: start.AddDate(0, -4, 0).Format(marquee.DateLayout), Fee: 7},
					{Tier: marquee.TierLate, Date: start.AddDate(0, 0, -3).Format(marquee.DateLayout), Fee: 12},
				}}}
				if len(f.Categories) > 0 {
					cats = append(cats, f.Categories[0])
				}
				got, err = b.Festivals.ReplaceCategories(as(u), f.Slug, f.Version, cats)
			default:
				continue
			}
			if err != nil {
				t.Fatalf("change festival %d: %v", i, err)
			}
			fs[i] = got
			if changes++; changes%25 == 0 {
				// Sync a few changes at a time.
				if _, err := a.Festivals.Search(ctx, marquee.FestivalQuery{Text: "zebracorn"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		if changes < 100 {
			t.Fatalf("only %d changes", changes)
		}
		checkReference(t, a, fs, matched)
		checkReference(t, b, fs, matched)
		for i, q := range generatedQueries {
			if !matched[i] && q.Text != "krakow" {
				t.Errorf("%+v never matches the generated data: a weak test", q)
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
	dbs := []*storetest.DB{storetest.Wrap(t, storetest.OpenSQLite(t)), storetest.Wrap(t, storetest.OpenPostgres(t))}
	for _, db := range dbs {
		loadSearchFixture(t, db)
		u := newOrganiser(t, db, "seed@example.com")
		if err := db.Festivals.Import(ctx, u.ID, genFestivals(600)); err != nil {
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
			p, err := db.Festivals.Search(ctx, q)
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

// searchOne runs q on db and returns the only item, failing unless
// exactly want (0 or 1) festivals match.
func searchOne(t *testing.T, db *storetest.DB, q marquee.FestivalQuery, want int) *marquee.Festival {
	t.Helper()
	p, err := db.Festivals.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	if int(p.Total) != want || len(p.Items) != want {
		t.Fatalf("%+v: %d matches %v, want %d", q, p.Total, slugsOf(p.Items), want)
	}
	if want == 0 {
		return nil
	}
	return p.Items[0]
}

// A change committed through another handle on the same database (as by
// another server) shows in the next search of the first handle.
func TestFestivalSearchSeesOtherNodesChanges(t *testing.T) {
	forEachTwoNodes(t, func(t *testing.T, a, b *storetest.DB) {
		ctx := context.Background()
		u := newOrganiser(t, b, "org@example.com")
		aurora := marquee.FestivalQuery{Text: "aurora"}
		searchOne(t, a, aurora, 0) // loads a's index

		org := as(u)
		f := mustCreate(t, b, u, festivalDetails("Aurora Film Days"))
		searchOne(t, a, aurora, 0) // pending

		f, err := b.Festivals.Approve(adminCtx(t, b), f.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := searchOne(t, a, aurora, 1)
		if got.ID != f.ID || got.Version != f.Version || got.Name != "Aurora Film Days" || !got.UpdatedAt.Equal(f.UpdatedAt) ||
			got.ReviewedAt == nil || !got.ReviewedAt.Equal(*f.ReviewedAt) || got.NextDeadline != "" || got.MinFee != nil {
			t.Fatalf("approved elsewhere: %+v, stored %+v", got, f)
		}

		d := f.FestivalDetails
		d.Name, d.City, d.Country = "Borealis Film Days", "Tromsø", "NO"
		if f, err = b.Festivals.UpdateDetails(org, f.Slug, f.Version, d); err != nil {
			t.Fatal(err)
		}
		// The rename of an approved festival waits for review; the index
		// keeps the approved name until an admin approves it.
		searchOne(t, a, aurora, 1)
		if f, err = b.Festivals.ApproveRevision(adminCtx(t, b), f.ID, f.Revision.ID); err != nil {
			t.Fatal(err)
		}
		searchOne(t, a, aurora, 0)
		got = searchOne(t, a, marquee.FestivalQuery{Text: "borealis tromso", Country: "NO"}, 1)
		if got.Version != f.Version || got.Name != "Borealis Film Days" {
			t.Fatalf("renamed elsewhere: %+v", got)
		}

		cats := []marquee.Category{{Name: "Arctic Documentary", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}}
		if f, err = b.Festivals.ReplaceCategories(org, f.Slug, f.Version, cats); err != nil {
			t.Fatal(err)
		}
		got = searchOne(t, a, marquee.FestivalQuery{Category: "arctic", Open: true, MaxFee: fee(10)}, 1)
		if got.ID != f.ID || got.Version != f.Version || got.NextDeadline != "2026-04-01" || got.MinFee == nil || *got.MinFee != 10 {
			t.Fatalf("categories replaced elsewhere: %+v", got)
		}
		searchOne(t, a, marquee.FestivalQuery{Text: "arctic"}, 1)
		cats[0].Name = "Polar Shorts"
		if f, err = b.Festivals.ReplaceCategories(org, f.Slug, f.Version, cats); err != nil {
			t.Fatal(err)
		}
		searchOne(t, a, marquee.FestivalQuery{Text: "arctic"}, 0)
		searchOne(t, a, marquee.FestivalQuery{Category: "polar"}, 1)

		if f, err = b.Festivals.ReplaceCriteria(org, f.Slug, f.Version, []marquee.Criterion{{Name: "Story", Weight: 1, MaxScore: 5}}); err != nil {
			t.Fatal(err)
		}
		if got = searchOne(t, a, marquee.FestivalQuery{Text: "borealis"}, 1); got.Version != f.Version {
			t.Fatalf("version after criteria: %d, want %d", got.Version, f.Version)
		}

		if _, err = b.Festivals.Reject(adminCtx(t, b), f.ID, "Wrong dates"); err != nil {
			t.Fatal(err)
		}
		searchOne(t, a, marquee.FestivalQuery{Text: "borealis"}, 0)
		searchOne(t, a, marquee.FestivalQuery{}, 0)

		// A festival imported elsewhere, and the one approved again.
		imported := genFestivals(30)
		if err := b.Festivals.Import(ctx, u.ID, imported); err != nil {
			t.Fatal(err)
		}
		if _, err = b.Festivals.Approve(adminCtx(t, b), f.ID); err != nil {
			t.Fatal(err)
		}
		want := 1
		for _, g := range imported {
			if g.Status == marquee.FestivalApproved {
				want++
			}
		}
		p, err := a.Festivals.Search(ctx, marquee.FestivalQuery{PerPage: 50})
		if err != nil || int(p.Total) != want {
			t.Fatalf("after import elsewhere: %d (%v), want %d", p.Total, err, want)
		}
	})
}

// A festival that gets rejected leaves every search at once, and stays
// out while an edit sends it back to review.
func TestFestivalSearchRejectedDisappears(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		org := as(loadSearchFixture(t, db))
		admin := adminCtx(t, db)
		tokyo, err := db.Festivals.Public(ctx, sTokyo)
		if err != nil {
			t.Fatal(err)
		}
		searchOne(t, db, marquee.FestivalQuery{Text: "tokyo"}, 1)
		if tokyo, err = db.Festivals.Reject(admin, tokyo.ID, "Wrong dates"); err != nil {
			t.Fatal(err)
		}
		searchOne(t, db, marquee.FestivalQuery{Text: "tokyo"}, 0)
		searchOne(t, db, marquee.FestivalQuery{Text: "国際映画祭"}, 0)
		for q, want := range map[string][]string{
			"":      {sOsaka, sBeijing, sSundance, sCannes, sBerlin, sSeoul},
			"short": {sSundance},
		} {
			p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{Category: q})
			if err != nil || !reflect.DeepEqual(slugsOf(p.Items), want) || int(p.Total) != len(want) {
				t.Fatalf("category %q after rejection: %v (%v)", q, p, err)
			}
		}
		d := tokyo.FestivalDetails
		d.Description = "Resubmitted"
		if tokyo, err = db.Festivals.UpdateDetails(org, tokyo.Slug, tokyo.Version, d); err != nil || tokyo.Status != marquee.FestivalPending {
			t.Fatalf("edit after rejection: %v %v", tokyo, err)
		}
		searchOne(t, db, marquee.FestivalQuery{Text: "tokyo"}, 0)
		if _, err = db.Festivals.Approve(admin, tokyo.ID); err != nil {
			t.Fatal(err)
		}
		if got := searchOne(t, db, marquee.FestivalQuery{Text: "resubmitted"}, 1); got.Slug != sTokyo {
			t.Fatalf("approved again: %s", describe(got))
		}
	})
}

// Search results are the caller's: changing them changes nothing in
// later results.
func TestFestivalSearchItemsAreCopies(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	loadSearchFixture(t, db)
	q := marquee.FestivalQuery{Text: "tokyo"}
	f := searchOne(t, db, q, 1)
	if f.ReviewedAt == nil || f.MinFee == nil {
		t.Fatalf("tokyo: %+v", f)
	}
	reviewed := *f.ReviewedAt
	f.Name, f.NextDeadline, f.Country = "Changed", "2000-01-01", "ZZ"
	*f.ReviewedAt, *f.MinFee = time.Time{}, 999
	again := searchOne(t, db, q, 1)
	if again.Name != "Tokyo International Film Festival" || again.NextDeadline != "2026-04-01" || again.Country != "JP" ||
		!again.ReviewedAt.Equal(reviewed) || *again.MinFee != 10 {
		t.Fatalf("a changed result leaked into the index: %+v", again)
	}
}

// Searches running on two handles while festivals are approved through
// one of them are race-free (go test -race), and each sees at least
// every approval committed before it started.
func TestFestivalSearchConcurrentWithChanges(t *testing.T) {
	forEachTwoNodes(t, func(t *testing.T, a, b *storetest.DB) {
		ctx := context.Background()
		u := newOrganiser(t, b, "org@example.com")
		if err := b.Festivals.Import(ctx, u.ID, genFestivals(300)); err != nil {
			t.Fatal(err)
		}
		const n = 25
		var committed atomic.Int64
		stop := make(chan struct{})
		errs := make(chan error, 16)
		var wg sync.WaitGroup
		for w := range 6 {
			db := []*storetest.DB{a, b}[w%2]
			wg.Go(func() {
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					want := committed.Load()
					p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "zebracorn", PerPage: 50})
					if err != nil {
						errs <- err
						return
					}
					if p.Total < want || p.Total > n || len(p.Items) != int(p.Total) {
						errs <- fmt.Errorf("searcher %d: %d matches (%d items) after %d approvals", w, p.Total, len(p.Items), want)
						return
					}
					for _, f := range p.Items {
						if f.Status != marquee.FestivalApproved || !strings.HasPrefix(f.Name, "Zebracorn") {
							errs <- fmt.Errorf("searcher %d: %s", w, describe(f))
							return
						}
					}
					if i%3 == 0 {
						if _, err := db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "film", Open: true, Page: 2}); err != nil {
							errs <- err
							return
						}
					}
				}
			})
		}
		admin := adminCtx(t, b)
		for i := range n {
			f := mustCreate(t, b, u, festivalDetails(fmt.Sprintf("Zebracorn Festival %d", i)))
			if _, err := b.Festivals.Approve(admin, f.ID); err != nil {
				t.Error(err)
				break
			}
			committed.Add(1)
		}
		close(stop)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for _, db := range []*storetest.DB{a, b} {
			if p, err := db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "zebracorn"}); err != nil || p.Total != n {
				t.Fatalf("after the approvals: %v %v", p, err)
			}
		}
	})
}
