package search

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/marquee-festival/marquee"
)

// fakeDB is a FestivalLoader over festivals in memory, each marked with
// the version of its last change, as the store marks its rows.
type fakeDB struct {
	mu      sync.Mutex
	version int64
	rows    map[int64]fakeRow
	err     error   // returned by both methods when set
	sinces  []int64 // the since of every FestivalsChangedSince
	checks  int     // IndexVersion calls
}

type fakeRow struct {
	doc     FestivalDoc
	version int64
}

func newFakeDB(docs ...FestivalDoc) *fakeDB {
	db := &fakeDB{rows: map[int64]fakeRow{}}
	db.put(docs...)
	return db
}

// put stores docs as one change.
func (db *fakeDB) put(docs ...FestivalDoc) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.version++
	for _, d := range docs {
		db.rows[d.Festival.ID] = fakeRow{d, db.version}
	}
}

// update changes festival id as one change.
func (db *fakeDB) update(id int64, change func(d *FestivalDoc)) {
	db.mu.Lock()
	d := db.rows[id].doc
	db.mu.Unlock()
	change(&d)
	db.put(d)
}

func (db *fakeDB) IndexVersion(context.Context) (int64, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.checks++
	return db.version, db.err
}

func (db *fakeDB) FestivalsChangedSince(_ context.Context, since int64) ([]FestivalDoc, int64, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	db.sinces = append(db.sinces, since)
	if db.err != nil {
		return nil, 0, db.err
	}
	var out []FestivalDoc
	for _, r := range db.rows {
		if r.version > since && (since >= 0 || r.doc.Festival.Status == marquee.FestivalApproved) {
			out = append(out, r.doc)
		}
	}
	return out, db.version, nil
}

// fest returns an approved festival.
func fest(id int64, name, description, country, city, start, end string, cats ...CategoryDoc) FestivalDoc {
	return FestivalDoc{
		Festival: marquee.Festival{ID: id, Slug: fmt.Sprint(id), Status: marquee.FestivalApproved, Version: 1,
			FestivalDetails: marquee.FestivalDetails{Name: name, Description: description, Location: city + " centre",
				Country: country, City: city, StartDate: start, EndDate: end}},
		Categories: cats,
	}
}

// cat returns a category with the given deadlines (tier, date, fee),
// listed out of tier order.
func cat(name string, deadlines ...marquee.Deadline) CategoryDoc {
	slices.Reverse(deadlines)
	return CategoryDoc{Name: name, Key: Fold(name), Deadlines: deadlines}
}

func dl(tier marquee.DeadlineTier, date string, fee int64) marquee.Deadline {
	return marquee.Deadline{Tier: tier, Date: date, Fee: fee}
}

// Fixture festivals, seen from 2026-03-01.
const (
	idTokyo int64 = iota + 1
	idBeijing
	idCannes
	idLisbon
	idPending
)

func fixture() []FestivalDoc {
	pending := fest(idPending, "Pending Film Fest", "東京の映画祭", "JP", "Tokyo", "2026-06-10", "2026-06-12")
	pending.Festival.Status = marquee.FestivalPending
	return []FestivalDoc{
		fest(idTokyo, "Tokyo International Film Festival", "東京国際映画祭は日本最大の映画祭です。", "JP", "Tokyo", "2026-10-26", "2026-11-05",
			cat("Short Film", dl(marquee.TierEarly, "2026-04-01", 10), dl(marquee.TierRegular, "2026-05-01", 20), dl(marquee.TierLate, "2026-06-01", 30))),
		fest(idBeijing, "北京国际电影节", "中国电影的盛会 Beijing film", "CN", "北京", "2026-04-20", "2026-04-27",
			cat("剧情片", dl(marquee.TierRegular, "2026-03-10", 25))),
		fest(idCannes, "Festival de Cannes", "La compétition officielle", "FR", "Cannes", "2026-05-12", "2026-05-23",
			cat("Compétition", dl(marquee.TierEarly, "2026-01-15", 50), dl(marquee.TierLate, "2026-02-20", 80))),
		fest(idLisbon, "Lisbon Film Days", "A festival by the river", "PT", "Lisboa", "2026-06-01", "2026-06-05"),
		pending,
	}
}

const fixtureToday = "2026-03-01"

func ids(p *marquee.FestivalPage) []int64 {
	out := []int64{}
	for _, f := range p.Items {
		out = append(out, f.ID)
	}
	return out
}

func mustSearch(t *testing.T, ix *FestivalIndex, db FestivalLoader, q marquee.FestivalQuery) *marquee.FestivalPage {
	t.Helper()
	p, err := ix.Search(context.Background(), db, q, fixtureToday)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	return p
}

// The index loads everything on its first search, then only what changed
// since the version it reflects, and nothing while the version stays.
func TestFestivalIndexSync(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	check := func(q marquee.FestivalQuery, want ...int64) {
		t.Helper()
		if got := ids(mustSearch(t, &ix, db, q)); !reflect.DeepEqual(got, append([]int64{}, want...)) {
			t.Errorf("%+v: got %v, want %v", q, got, want)
		}
	}
	check(marquee.FestivalQuery{Text: "film"}, idTokyo, idLisbon, idBeijing)
	check(marquee.FestivalQuery{Text: "pending"})
	if db.checks != 2 || !reflect.DeepEqual(db.sinces, []int64{-1}) {
		t.Fatalf("two searches without changes: %d version checks, loads since %v", db.checks, db.sinces)
	}

	db.update(idLisbon, func(d *FestivalDoc) { d.Festival.Name = "Porto Shorts" })
	check(marquee.FestivalQuery{Text: "lisbon", Sort: marquee.FestivalSortStart}, idLisbon) // only as a typo of its city, Lisboa
	check(marquee.FestivalQuery{Text: "lisbon film"})
	check(marquee.FestivalQuery{Text: "porto"}, idLisbon)
	if _, found := slices.BinarySearch(ix.terms, "lisbon"); found || ix.postings["lisbon"] != nil {
		t.Errorf("a term no festival holds any more stayed in the index")
	}
	if !reflect.DeepEqual(db.sinces, []int64{-1, 1}) {
		t.Fatalf("loads since %v, want the first version after the first load", db.sinces)
	}

	db.update(idTokyo, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalRejected })
	check(marquee.FestivalQuery{Text: "tokyo"})
	check(marquee.FestivalQuery{}, idBeijing, idCannes, idLisbon)
	db.update(idPending, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalApproved })
	check(marquee.FestivalQuery{Text: "tokyo"}, idPending)
	if len(ix.recs) != 4 || len(ix.free) != 0 {
		t.Errorf("slots: %d records, %d free; want the freed slot reused", len(ix.recs), len(ix.free))
	}
	db.update(idTokyo, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalApproved })
	check(marquee.FestivalQuery{Text: "tokyo"}, idTokyo, idPending)

	// Changes made together come in one load.
	db.put(fest(10, "Aurora Days", "", "NO", "Tromsø", "2026-09-01", "2026-09-03"), fest(11, "Aurora Nights", "", "NO", "Bodø", "2026-09-10", "2026-09-12"))
	check(marquee.FestivalQuery{Text: "aurora", Sort: marquee.FestivalSortStart}, 10, 11)
	check(marquee.FestivalQuery{Text: "tromso"}, 10)
	check(marquee.FestivalQuery{Country: "no"}, 10, 11)
}

// A loader's errors reach the caller, and the index loads again once
// the database answers; an invalid query fails before the database is read.
func TestFestivalIndexErrors(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	ctx := context.Background()
	db.err = errors.New("database down")
	if _, err := ix.Search(ctx, db, marquee.FestivalQuery{}, fixtureToday); !errors.Is(err, db.err) {
		t.Fatalf("version check failed: got %v", err)
	}
	db.err = nil
	if p := mustSearch(t, &ix, db, marquee.FestivalQuery{}); p.Total != 4 {
		t.Fatalf("after the database came back: %v", ids(p))
	}
	checks := db.checks
	_, err := ix.Search(ctx, db, marquee.FestivalQuery{Country: "ZZ"}, fixtureToday)
	if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)["country"] == "" || db.checks != checks {
		t.Fatalf("invalid country: %v %v, %d version checks", err, marquee.ErrorFields(err), db.checks-checks)
	}
}

// Searches running while the database changes are race-free (go test
// -race) and see at least every change made before they started.
func TestFestivalIndexConcurrent(t *testing.T) {
	db := newFakeDB(fixture()...)
	var ix FestivalIndex
	const n = 40
	var committed atomic.Int64
	stop := make(chan struct{})
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				want := committed.Load()
				p, err := ix.Search(context.Background(), db, marquee.FestivalQuery{Text: "zebracorn", PerPage: 50}, fixtureToday)
				if err != nil || p.Total < want || p.Total > n || len(p.Items) != int(p.Total) {
					errs <- fmt.Errorf("searcher %d: %v %d matches after %d changes", w, err, p.Total, want)
					return
				}
			}
		})
	}
	for i := range n {
		db.put(fest(int64(100+i), fmt.Sprintf("Zebracorn Festival %d", i), "", "GB", "London", "2026-09-01", "2026-09-07"))
		committed.Add(1)
	}
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// A festival that leaves is never found again, by any of its terms, also
// one only in the part of its description that results do not show
// (the index once looked for its terms in the excerpt, left the rest in
// the postings, and a search for them failed on the missing festival);
// its slot leaves the postings at a sweep, once enough festivals left,
// and only then serves another festival.
func TestFestivalIndexRemovalSweeps(t *testing.T) {
	long := strings.Repeat("cinema ", 60) + "quokkatail"
	var docs []FestivalDoc
	for i := range int64(40) {
		docs = append(docs, fest(100+i, fmt.Sprintf("Festival %d", i), long, "FR", "Paris", "2026-06-01", "2026-06-02"))
	}
	db := newFakeDB(docs...)
	var ix FestivalIndex
	if got := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "quokkatail"}); got.Total != 40 {
		t.Fatalf("quokkatail: %d matches before any change", got.Total)
	}
	for i := range int64(4) {
		db.update(100+i, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalRejected })
		for _, q := range []string{"quokkatail", "cinema", fmt.Sprint(i)} {
			p := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: q, PerPage: 50})
			if slices.Contains(ids(p), 100+i) {
				t.Fatalf("%s: festival %d found after it left", q, 100+i)
			}
		}
		if got := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "quokkatail"}); got.Total != 39-i {
			t.Fatalf("quokkatail: %d matches after %d left", got.Total, i+1)
		}
	}
	if ix.removed != 4 || len(ix.free) != 0 || len(ix.postings["quokkatail"]) != 40 {
		t.Fatalf("before a sweep: %d removed, %d free, %d postings", ix.removed, len(ix.free), len(ix.postings["quokkatail"]))
	}
	// A festival coming back takes a new slot while the old is unswept.
	db.update(100, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalApproved })
	if got := ids(mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "0"})); !reflect.DeepEqual(got, []int64{100}) || len(ix.hot) != 41 {
		t.Fatalf("back: found %v, %d slots", got, len(ix.hot))
	}
	// The fifth to leave reaches 41/sweepShare: the sweep frees the five slots.
	db.update(104, func(d *FestivalDoc) { d.Festival.Status = marquee.FestivalRejected })
	if got := mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "quokkatail"}); got.Total != 36 {
		t.Fatalf("quokkatail: %d matches after the sweep", got.Total)
	}
	if ix.removed != 0 || len(ix.free) != 5 || len(ix.postings["quokkatail"]) != 36 {
		t.Fatalf("after the sweep: %d removed, %d free, %d postings", ix.removed, len(ix.free), len(ix.postings["quokkatail"]))
	}
	if _, found := slices.BinarySearch(ix.terms, "4"); found || ix.postings["4"] != nil {
		t.Error("the term of a swept festival only stayed in the index")
	}
	db.put(fest(200, "Zephyr Days", long, "FR", "Lyon", "2026-07-01", "2026-07-02"))
	if got := ids(mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "zephyr"})); !reflect.DeepEqual(got, []int64{200}) || len(ix.hot) != 41 {
		t.Fatalf("zephyr: found %v, %d slots: want a swept slot reused", got, len(ix.hot))
	}
}
