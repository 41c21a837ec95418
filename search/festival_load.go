package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
)

// FestivalLoader is the database a FestivalIndex follows. The database
// keeps an index version that every change to what a search can show
// (a festival's details, status or categories and their deadlines)
// increases, in the transaction making the change, and marks the
// festivals it changed with that version. Festivals are never deleted:
// one leaves the search by leaving the approved status.
type FestivalLoader interface {
	// IndexVersion returns the database's current index version. It is
	// read before every search: it should be one cheap query.
	IndexVersion(ctx context.Context) (int64, error)
	// FestivalsChangedSince returns, from one consistent snapshot, every
	// festival marked with a version above since, whatever its status
	// now (only the approved ones need their categories), and the index
	// version of that snapshot. A negative since asks for every approved
	// festival, for the first load.
	FestivalsChangedSince(ctx context.Context, since int64) (docs []FestivalDoc, version int64, err error)
}

// FestivalDoc is a festival as a FestivalLoader hands it to the index.
type FestivalDoc struct {
	// Festival holds the listing fields search results carry; its
	// Categories, Criteria, NextDeadline and MinFee are ignored (the
	// index computes the last two for the query's day from Categories).
	Festival marquee.Festival
	// Categories are the festival's categories (needed when it is approved).
	Categories []CategoryDoc
}

// CategoryDoc is a category of a FestivalDoc.
type CategoryDoc struct {
	Name string
	// Key is the name folded (Fold), in which the category filter looks.
	Key string
	// Deadlines are the category's deadlines, in any order.
	Deadlines []marquee.Deadline
}

// sync brings the index up to l's version, loading everything the first
// time. The version check is one call to IndexVersion; only a sync that
// finds work loads more, and it blocks searches only while it applies
// what it loaded.
func (ix *FestivalIndex) sync(ctx context.Context, l FestivalLoader) error {
	v, err := l.IndexVersion(ctx)
	if err != nil {
		return err
	}
	if ix.loaded.Load() && v <= ix.version.Load() {
		return nil
	}
	ix.syncMu.Lock()
	defer ix.syncMu.Unlock()
	if ix.loaded.Load() && v <= ix.version.Load() {
		return nil // another search synced meanwhile
	}
	since := int64(-1)
	if ix.loaded.Load() {
		since = ix.version.Load()
	}
	start := time.Now()
	docs, version, err := l.FestivalsChangedSince(ctx, since)
	if err != nil {
		return err
	}
	if since < 0 {
		ix.mu.Lock()
		defer ix.mu.Unlock()
		if err := ix.loadAll(docs); err != nil {
			return err
		}
	} else {
		changed := make([]int64, len(docs))
		for i := range docs {
			changed[i] = docs[i].Festival.ID
		}
		adds, err := indexedFestivals(docs)
		if err != nil {
			return err
		}
		ix.mu.Lock()
		defer ix.mu.Unlock()
		ix.apply(changed, adds)
	}
	// With the changes, under the same lock: what searches cache per
	// version (pages, orders) is never built from another version's slots.
	ix.version.Store(version)
	ix.loaded.Store(true)
	ix.builds.note(since < 0, start, len(ix.slots), len(ix.terms))
	return nil
}

// loadBatch is how many festivals the first load indexes at a time.
const loadBatch = 2048

// loadAll puts docs, every approved festival, into the empty index, a
// batch at a time: no search reads the index before its first load ends
// (they wait for syncMu), so each batch enters at once and its texts and
// terms are garbage before the next is built, which bounds what the load
// holds at once. Posting lists are then cut to their length. The caller
// holds ix.mu.
func (ix *FestivalIndex) loadAll(docs []FestivalDoc) error {
	ix.init(len(docs))
	var newTerms []string
	for start := 0; start < len(docs); start += loadBatch {
		batch := docs[start:min(len(docs), start+loadBatch)]
		adds, err := indexedFestivals(batch)
		if err != nil {
			// Empty again: the next search loads from the start.
			ix.slots, ix.hot, ix.recs, ix.removed, ix.free, ix.byCountry, ix.postings, ix.terms = nil, nil, nil, 0, nil, nil, nil, nil
			ix.typos = typoIndex{}
			return err
		}
		clear(batch) // the full texts are no longer needed
		newTerms = append(newTerms, ix.add(adds)...)
	}
	ix.mergeTerms(newTerms, false)
	ix.clipPostings()
	return nil
}

// newFestival is an approved festival ready to enter the index: its
// slot's contents and its search terms.
type newFestival struct {
	hot   indexedHot
	rec   indexedFestival
	terms []termWeight
}

// indexedFestivals returns the approved festivals of docs ready to enter
// the index, with their deadline timelines, list JSON and search terms,
// computed on every processor.
func indexedFestivals(docs []FestivalDoc) ([]newFestival, error) {
	var approved []*FestivalDoc
	for i := range docs {
		if docs[i].Festival.Status == marquee.FestivalApproved {
			approved = append(approved, &docs[i])
		}
	}
	adds := make([]newFestival, len(approved))
	errs := make([]error, len(approved))
	build := func(start, end int) {
		var tc termCollector
		for i := start; i < end; i++ {
			errs[i] = newIndexedFestival(approved[i], &tc, &adds[i])
		}
	}
	workers := min(runtime.GOMAXPROCS(0), len(approved)/64+1)
	if workers <= 1 {
		build(0, len(approved))
	} else {
		var wg sync.WaitGroup
		per := (len(approved) + workers - 1) / workers
		for start := 0; start < len(approved); start += per {
			wg.Go(func() { build(start, min(len(approved), start+per)) })
		}
		wg.Wait()
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("search: index festivals: %w", err)
	}
	return adds, nil
}

// indexedDeadline is a deadline of a category being indexed.
type indexedDeadline struct {
	tier int   // index in marquee.Tiers
	day  int32 // YYYYMMDD
	fee  int64
}

// newIndexedFestival fills out with the approved festival d ready to
// enter the index, its search terms collected by tc.
func newIndexedFestival(d *FestivalDoc, tc *termCollector, out *newFestival) error {
	f := d.Festival
	f.Categories, f.Criteria, f.NextDeadline, f.MinFee, f.Listing = nil, nil, "", nil, nil
	names := make([]string, len(d.Categories))
	keys := make([]string, len(d.Categories))
	deadlines := make([][]indexedDeadline, len(d.Categories)) // of each category, in tier order
	days := make([][]int32, len(d.Categories))
	for i := range d.Categories {
		c := &d.Categories[i]
		names[i], keys[i] = c.Name, c.Key
		ds := make([]indexedDeadline, len(c.Deadlines))
		days[i] = make([]int32, len(c.Deadlines))
		for j, dl := range c.Deadlines {
			ds[j] = indexedDeadline{tier: slices.Index(marquee.Tiers, dl.Tier), day: dayNumber(dl.Date), fee: dl.Fee}
			days[i][j] = ds[j].day
		}
		slices.SortFunc(ds, func(a, b indexedDeadline) int { return a.tier - b.tier })
		deadlines[i] = ds
	}
	timeline := deadlineTimeline(deadlines)
	announced := slices.ContainsFunc(deadlines, func(ds []indexedDeadline) bool { return len(ds) > 0 })
	f.DeadlinesAnnounced = &announced
	out.terms = tc.festivalTerms(&f.FestivalDetails, names)
	// Results carry an excerpt of the description, the search found by
	// all of it; the listing's JSON is encoded here once, not per search.
	f.Description = marquee.Excerpt(f.Description, marquee.SearchExcerptLength)
	listing, err := marquee.EncodeFestivalListing(&f)
	if err != nil {
		return err
	}
	out.rec = indexedFestival{id: f.ID, timeline: timeline, listing: listing, categoryKeys: keys, categoryDeadlines: days,
		categoryKinds: categoryKinds(keys), city: Fold(strings.TrimSpace(d.Festival.City))}
	out.hot = indexedHot{live: true, country: countryCode(f.Country), start: dayNumber(f.StartDate),
		end: dayNumber(f.EndDate), featured: f.Featured}
	if n := len(timeline); n > 0 {
		out.hot.lastDeadline = timeline[n-1].upTo
	}
	return nil
}

// deadlineState returns, for day today, the next deadline (0 when
// closed) of the categories whose deadlines (in tier order) are given,
// and the lowest fee of their current tiers (hasFee false when closed):
// what the store's deadline cache holds.
func deadlineState(categories [][]indexedDeadline, today int32) (next int32, minFee int64, hasFee bool) {
	for _, ds := range categories {
		for _, d := range ds {
			if d.day < today {
				continue
			}
			if next == 0 || d.day < next {
				next = d.day
			}
			if !hasFee || d.fee < minFee {
				minFee, hasFee = d.fee, true
			}
			break
		}
	}
	return next, minFee, hasFee
}

// deadlineTimeline precomputes deadlineState for every day: the state
// changes only on the day after a deadline, so it is constant from the
// day after one distinct deadline date up to the next.
func deadlineTimeline(categories [][]indexedDeadline) []dayState {
	var days []int32
	for _, ds := range categories {
		for _, d := range ds {
			days = append(days, d.day)
		}
	}
	slices.Sort(days)
	days = slices.Compact(days)
	out := make([]dayState, 0, len(days))
	for _, day := range days {
		next, fee, _ := deadlineState(categories, day)
		out = append(out, dayState{upTo: day, next: next, minFee: fee})
	}
	return out
}
