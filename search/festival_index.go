package search

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
)

// FestivalIndex is an in-memory search index of the approved festivals:
// each one's listing record, folded category names and deadline
// timeline, and the postings of its search terms. It is derived from a
// database, which it follows through a FestivalLoader: before every
// search it reads the database's index version and loads the festivals
// changed since the version it reflects, so that a search sees every
// change committed before it started, whichever server made it.
//
// The zero value is an empty index that loads everything on its first
// search. Loading is in festival_load.go, search terms in
// festival_terms.go, matching and pages in festival_match.go, orders in
// festival_order.go.
type FestivalIndex struct {
	// syncMu lets one sync at a time read the database.
	syncMu sync.Mutex
	// loaded and version say what the index reflects: nothing yet, or
	// the loader's version. Written under mu and syncMu.
	loaded  atomic.Bool
	version atomic.Int64

	// mu guards the rest: searches read under RLock, syncs apply changes
	// under Lock.
	mu    sync.RWMutex
	slots map[int64]int32 // festival id -> slot in hot and recs
	hot   []indexedHot
	recs  []*indexedFestival
	free  []int32 // slots without a festival
	// byCountry lists the slots of each country's festivals, in no order.
	byCountry map[uint16][]int32
	// postings maps each term to the festivals holding it; terms lists
	// the keys of postings in byte order, for prefix ranges.
	postings map[string]*posting
	terms    []string

	// pages remembers recent searches' pages for the current version
	// (festival_cache.go).
	pages pageCache
}

// indexedHot holds what the filters and the sort read of the festival
// in a slot, packed for scanning. Dates are YYYYMMDD numbers.
type indexedHot struct {
	id           int64 // the festival's
	live         bool
	country      uint16 // countryCode
	start, end   int32
	lastDeadline int32 // the latest deadline (0: none): open on day t if >= t
	featured     bool  // a promotion campaign runs: first among the hits
	// timeline gives the next deadline and lowest current fee for any day
	// (see deadlineTimeline).
	timeline []dayState
}

// dayState is the deadline state of a festival on the days after the
// previous entry's upTo, up to and including upTo.
type dayState struct {
	upTo, next int32
	minFee     int64
}

// stateOn returns the festival's next deadline (0: closed) and lowest
// current fee on day today.
func (h *indexedHot) stateOn(today int32) (next int32, minFee int64) {
	for _, st := range h.timeline {
		if st.upTo >= today {
			return st.next, st.minFee
		}
	}
	return 0, 0
}

// indexedFestival is a festival as the index keeps it.
type indexedFestival struct {
	// festival holds the listing fields; its Categories, Criteria,
	// NextDeadline and MinFee stay unset (the last two depend on the day).
	festival   marquee.Festival
	categories []indexedCategory
	timeline   []dayState // deadlineTimeline
	// terms are the festival's search terms while it is being added (then nil).
	terms []termWeight
}

// indexedCategory is a category's name and folded name.
type indexedCategory struct {
	name, key string
}

// posting lists the slots holding a term, in no order, and the term's
// weight in each.
type posting struct {
	slots   []int32
	weights []uint8
}

// dayNumber turns a "YYYY-MM-DD" date into the number YYYYMMDD, which
// orders the same way; anything else gives 0.
func dayNumber(s string) int32 {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0
	}
	var n int32
	for i := 0; i < len(s); i++ {
		if i == 4 || i == 7 {
			continue
		}
		c := s[i]
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int32(c-'0')
	}
	return n
}

// dayString turns a YYYYMMDD number back into "YYYY-MM-DD".
func dayString(n int32) string {
	var b [10]byte
	for i := 9; i >= 0; i-- {
		if i == 4 || i == 7 {
			b[i] = '-'
			continue
		}
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[:])
}

// countryCode packs a country code into a number: 0 for "", the two
// letters of an ISO code, 0xFFFF for anything else.
func countryCode(s string) uint16 {
	switch len(s) {
	case 0:
		return 0
	case 2:
		return uint16(s[0])<<8 | uint16(s[1])
	}
	return 0xFFFF
}

// categoryNames returns the names of the festival's categories.
func (r *indexedFestival) categoryNames() []string {
	names := make([]string, len(r.categories))
	for i := range r.categories {
		names[i] = r.categories[i].name
	}
	return names
}

// hasCategory reports whether one of the festival's folded category names contains key.
func (r *indexedFestival) hasCategory(key string) bool {
	for i := range r.categories {
		if strings.Contains(r.categories[i].key, key) {
			return true
		}
	}
	return false
}

// apply puts a sync's changes into the index: every changed festival
// leaves it, the approved ones (recs, with their terms) come back in
// their new state. The caller holds ix.mu.
func (ix *FestivalIndex) apply(changed []int64, recs []*indexedFestival) {
	if ix.slots == nil {
		ix.slots = make(map[int64]int32, len(recs))
		ix.postings = map[string]*posting{}
		ix.byCountry = map[uint16][]int32{}
	}
	termsGone := ix.remove(changed)
	var newTerms []string
	for _, r := range recs {
		var s int32
		if n := len(ix.free); n > 0 {
			s, ix.free = ix.free[n-1], ix.free[:n-1]
		} else {
			s = int32(len(ix.recs))
			ix.recs = append(ix.recs, nil)
			ix.hot = append(ix.hot, indexedHot{})
		}
		ix.slots[r.festival.ID] = s
		ix.recs[s] = r
		h := indexedHot{id: r.festival.ID, live: true, country: countryCode(r.festival.Country),
			start: dayNumber(r.festival.StartDate), end: dayNumber(r.festival.EndDate), timeline: r.timeline,
			featured: r.festival.Featured}
		if n := len(h.timeline); n > 0 {
			h.lastDeadline = h.timeline[n-1].upTo
		}
		ix.hot[s] = h
		ix.byCountry[h.country] = append(ix.byCountry[h.country], s)
		for _, t := range r.terms {
			p := ix.postings[t.term]
			if p == nil {
				// A copy: the term may be a substring of a long text.
				p = &posting{}
				key := strings.Clone(t.term)
				ix.postings[key] = p
				newTerms = append(newTerms, key)
			}
			p.slots = append(p.slots, s)
			p.weights = append(p.weights, t.weight)
		}
		r.terms = nil
	}
	if len(newTerms) > 0 || termsGone {
		ix.mergeTerms(newTerms, termsGone)
	}
}

// remove takes the festivals ids out of the index (those it holds), and
// reports whether some term lost its last festival. Their terms are
// computed again from what the index kept of them, the same as when
// they were added.
func (ix *FestivalIndex) remove(ids []int64) (termsGone bool) {
	var removed []int32
	for _, id := range ids {
		if s, ok := ix.slots[id]; ok {
			removed = append(removed, s)
		}
	}
	if len(removed) == 0 {
		return false
	}
	dead := make([]bool, len(ix.recs))
	affected := map[string]struct{}{}
	countries := map[uint16]struct{}{}
	var tc termCollector
	for _, s := range removed {
		dead[s] = true
		countries[ix.hot[s].country] = struct{}{}
		r := ix.recs[s]
		for _, t := range tc.festivalTerms(&r.festival.FestivalDetails, r.categoryNames()) {
			affected[t.term] = struct{}{}
		}
	}
	for c := range countries {
		ix.byCountry[c] = slices.DeleteFunc(ix.byCountry[c], func(s int32) bool { return dead[s] })
	}
	for t := range affected {
		p := ix.postings[t]
		if p == nil {
			continue
		}
		n := 0
		for i, s := range p.slots {
			if !dead[s] {
				p.slots[n], p.weights[n] = s, p.weights[i]
				n++
			}
		}
		p.slots, p.weights = p.slots[:n], p.weights[:n]
		if n == 0 {
			delete(ix.postings, t)
			termsGone = true
		}
	}
	for _, s := range removed {
		delete(ix.slots, ix.recs[s].festival.ID)
		ix.hot[s] = indexedHot{}
		ix.recs[s] = nil
		ix.free = append(ix.free, s)
	}
	return termsGone
}

// mergeTerms merges newTerms into the sorted ix.terms, dropping the
// terms that have no posting any more when some are gone.
func (ix *FestivalIndex) mergeTerms(newTerms []string, termsGone bool) {
	slices.Sort(newTerms)
	merged := make([]string, 0, len(ix.terms)+len(newTerms))
	i, j := 0, 0
	for i < len(ix.terms) || j < len(newTerms) {
		switch {
		case j == len(newTerms) || i < len(ix.terms) && ix.terms[i] < newTerms[j]:
			if t := ix.terms[i]; !termsGone || ix.postings[t] != nil {
				merged = append(merged, t)
			}
			i++
		case i == len(ix.terms) || newTerms[j] < ix.terms[i]:
			merged = append(merged, newTerms[j])
			j++
		default: // gone and back in the same sync
			merged = append(merged, newTerms[j])
			i++
			j++
		}
	}
	ix.terms = merged
}
