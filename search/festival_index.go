package search

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
)

// FestivalIndex is an in-memory search index of the approved festivals:
// each one's list JSON, folded category names and deadline timeline,
// and the postings of its search terms. It is derived from a database,
// which it follows through a FestivalLoader: before every search it
// reads the database's index version and loads the festivals changed
// since the version it reflects, so that a search sees every change
// committed before it started, whichever server made it.
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
	recs  []indexedFestival
	// A festival that leaves stops being live at once (hot[s].live
	// false, which the filters check) but its slot stays in the postings
	// until a sweep (sweepPostings) takes the removed slots out of all of
	// them: removed counts those slots, free lists the swept ones, which
	// new festivals take (a slot still in postings is never reused).
	removed int
	free    []int32
	// byCountry lists the slots of each country's festivals, in no order.
	byCountry map[uint16][]int32
	// postings maps each term to the festivals holding it (posting
	// entries); terms lists the keys of postings in byte order, for
	// prefix ranges.
	postings map[string][]uint32
	terms    []string
	// typos finds the terms one edit away from a query word
	// (festival_typo.go); it follows terms.
	typos typoIndex

	// pages remembers recent searches' pages for the current version
	// (festival_cache.go).
	pages pageCache
	// order holds the festivals' orders for a version and day
	// (festival_order.go); orderMu lets one search at a time build them.
	order   atomic.Pointer[dayOrder]
	orderMu sync.Mutex

	// builds keeps the index's size and build times (festival_stats.go).
	builds buildStats
}

// A posting entry is a slot and the term's weight there in one number:
// slot<<weightBits | weight.
const (
	weightBits = 2
	weightMask = 1<<weightBits - 1
)

// postingEntry packs slot s and weight w (1..weightMask) into an entry.
func postingEntry(s int32, w uint8) uint32 { return uint32(s)<<weightBits | uint32(w) }

// indexedHot holds what the filters read of the festival in a slot,
// packed in 16 bytes for scanning. Dates are YYYYMMDD numbers.
type indexedHot struct {
	start, end   int32
	lastDeadline int32  // the latest deadline (0: none): open on day t if >= t
	country      uint16 // countryCode
	live         bool
	featured     bool // a promotion campaign runs: first among the hits
}

// dayState is the deadline state of a festival on the days after the
// previous entry's upTo, up to and including upTo.
type dayState struct {
	upTo, next int32
	minFee     int64
}

// stateOn returns the festival's next deadline (0: closed) and lowest
// current fee on day today.
func (r *indexedFestival) stateOn(today int32) (next int32, minFee int64) {
	for _, st := range r.timeline {
		if st.upTo >= today {
			return st.next, st.minFee
		}
	}
	return 0, 0
}

// indexedFestival is what the index keeps of a festival beside its
// indexedHot: its id, its deadline timeline (the next deadline and
// lowest current fee for any day: see deadlineTimeline), its list JSON
// (marquee.EncodeFestivalListing, with the description's excerpt), from
// which results are written or decoded, and its category names folded,
// for the category filter. The festival value itself is not kept: it
// would hold every field a second time.
type indexedFestival struct {
	id           int64
	timeline     []dayState
	listing      []byte
	categoryKeys []string
	// categoryDeadlines are the deadline days of each category (as
	// categoryKeys), for the assistant's "deadline in December", and
	// categoryKinds which of marquee.InquiryCategories each category is
	// (bit i: the i-th, its name holding one of its keys).
	categoryDeadlines [][]int32
	categoryKinds     []uint8
	// city is the festival's city folded, which the assistant compares
	// with the places a question names.
	city string
}

// inquiryCategoryKeys are the folded keys of marquee.InquiryCategories.
var inquiryCategoryKeys = func() [][]string {
	out := make([][]string, len(marquee.InquiryCategories))
	for i, c := range marquee.InquiryCategories {
		for _, k := range marquee.InquiryCategoryKeys(c) {
			out[i] = append(out[i], Fold(k))
		}
	}
	return out
}()

// categoryKinds returns which of marquee.InquiryCategories each folded
// category name is, as bits.
func categoryKinds(keys []string) []uint8 {
	out := make([]uint8, len(keys))
	for i, key := range keys {
		for c, ks := range inquiryCategoryKeys {
			for _, k := range ks {
				if strings.Contains(key, k) {
					out[i] |= 1 << c
					break
				}
			}
		}
	}
	return out
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

// hasCategory reports whether one of the festival's folded category names contains key.
func (r *indexedFestival) hasCategory(key string) bool {
	for _, k := range r.categoryKeys {
		if strings.Contains(k, key) {
			return true
		}
	}
	return false
}

// sweepShare is the share of slots (1/sweepShare) that may be removed
// but still in the postings before a sync sweeps them.
const sweepShare = 8

// apply puts a sync's changes into the index: every changed festival
// leaves it, the approved ones (adds, with their terms) come back in
// their new state. The caller holds ix.mu.
func (ix *FestivalIndex) apply(changed []int64, adds []newFestival) {
	ix.init(len(adds))
	ix.remove(changed)
	termsGone := false
	if ix.removed > 0 && ix.removed >= len(ix.hot)/sweepShare {
		termsGone = ix.sweepPostings()
	}
	newTerms := ix.add(adds)
	if len(newTerms) > 0 || termsGone {
		ix.mergeTerms(newTerms, termsGone)
	}
}

// init makes the maps of an empty index, for about n festivals.
func (ix *FestivalIndex) init(n int) {
	if ix.slots == nil {
		ix.slots = make(map[int64]int32, n)
		ix.postings = map[string][]uint32{}
		ix.byCountry = map[uint16][]int32{}
	}
}

// add puts the festivals adds into free slots or new ones, and returns
// the terms that had no posting before. The caller holds ix.mu.
func (ix *FestivalIndex) add(adds []newFestival) (newTerms []string) {
	for i := range adds {
		a := &adds[i]
		var s int32
		if n := len(ix.free); n > 0 {
			s, ix.free = ix.free[n-1], ix.free[:n-1]
		} else {
			s = int32(len(ix.recs))
			ix.recs = append(ix.recs, indexedFestival{})
			ix.hot = append(ix.hot, indexedHot{})
		}
		ix.slots[a.rec.id] = s
		ix.recs[s] = a.rec
		ix.hot[s] = a.hot
		ix.byCountry[a.hot.country] = append(ix.byCountry[a.hot.country], s)
		for _, t := range a.terms {
			p, ok := ix.postings[t.term]
			if !ok {
				// A copy: the term may be a substring of a long text.
				key := strings.Clone(t.term)
				newTerms = append(newTerms, key)
				t.term = key
			}
			ix.postings[t.term] = append(p, postingEntry(s, t.weight))
		}
		a.terms = nil
	}
	return newTerms
}

// remove takes the festivals ids out of the index (those it holds): their
// slots stop being live at once and leave the postings at the next sweep.
// The caller holds ix.mu.
func (ix *FestivalIndex) remove(ids []int64) {
	countries := map[uint16]struct{}{}
	for _, id := range ids {
		s, ok := ix.slots[id]
		if !ok {
			continue
		}
		countries[ix.hot[s].country] = struct{}{}
		delete(ix.slots, id)
		ix.hot[s] = indexedHot{}
		ix.recs[s] = indexedFestival{}
		ix.removed++
	}
	for c := range countries {
		ix.byCountry[c] = slices.DeleteFunc(ix.byCountry[c], func(s int32) bool { return !ix.hot[s].live })
	}
}

// sweepPostings takes the removed slots out of every posting, frees
// them, and reports whether some term lost its last festival (its
// posting is then deleted). The caller holds ix.mu.
func (ix *FestivalIndex) sweepPostings() (termsGone bool) {
	for t, p := range ix.postings {
		n := 0
		for _, e := range p {
			if ix.hot[e>>weightBits].live {
				p[n] = e
				n++
			}
		}
		switch {
		case n == 0:
			delete(ix.postings, t)
			termsGone = true
		case n < len(p):
			ix.postings[t] = p[:n]
		}
	}
	ix.free = ix.free[:0]
	for s := range ix.hot {
		if !ix.hot[s].live {
			ix.free = append(ix.free, int32(s))
		}
	}
	// The lowest slots first (free is taken from its end).
	slices.Reverse(ix.free)
	ix.removed = 0
	return termsGone
}

// clipPostings trims every posting's spare capacity, left by appending,
// after the first load.
func (ix *FestivalIndex) clipPostings() {
	for t, p := range ix.postings {
		if cap(p) > len(p) {
			ix.postings[t] = slices.Clone(p)
		}
	}
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
	ix.typos.add(newTerms, merged)
}
