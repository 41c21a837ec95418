package search

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"

	"github.com/marquee-festival/marquee"
)

// matcher is one search's state: the query, read once into the index's
// terms, and the hits so far. Matchers are pooled with their buffers.
type matcher struct {
	ix       *FestivalIndex
	parts    []Part
	country  uint16 // 0: any
	from, to int32  // 0: no bound
	today    int32
	open     bool
	maxFee   *int64
	category string // folded; "": any
	// rank is each slot's rank in the order of the search (dayOrder),
	// relevance whether the score comes first.
	rank      []uint32
	relevance bool
	// keys are the hits so far, as hitKey packs them.
	keys []uint64
	// Per slot, for text queries: parts matched, best weight in the
	// current part, score; zero between searches.
	count   []uint16
	best    []uint8
	score   []int32
	touched []int32
}

var matcherPool = sync.Pool{New: func() any { return &matcher{} }}

// Search runs a discovery search over the approved festivals (see
// store.DB.SearchFestivals for its rules): it checks q, fills in its
// defaults (today when q.Today is unset), brings the index up to date
// with l, and answers from memory.
func (ix *FestivalIndex) Search(ctx context.Context, l FestivalLoader, q marquee.FestivalQuery, today string) (*marquee.FestivalPage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	parsed := ParseQuery(q.Text)
	q.Normalize(today, !parsed.Empty())
	if err := ix.sync(ctx, l); err != nil {
		return nil, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.search(q, parsed)
}

// search runs q (normalised, its text parsed) over the index. The caller
// holds ix.mu for reading.
func (ix *FestivalIndex) search(q marquee.FestivalQuery, parsed Query) (*marquee.FestivalPage, error) {
	// ix.version changes only under ix.mu, held here for reading.
	version, key := ix.version.Load(), keyOf(q)
	found, ok := ix.pages.get(version, key)
	if !ok {
		found = ix.match(q, parsed)
		ix.pages.put(version, key, found)
	}
	page := &marquee.FestivalPage{Items: make([]*marquee.Festival, len(found.slots)), Page: q.Page, PerPage: q.PerPage,
		Total: found.total}
	today := dayNumber(q.Today)
	if q.ListingsOnly {
		// One allocation for the page's festivals.
		fs := make([]marquee.Festival, len(found.slots))
		for i, s := range found.slots {
			fs[i].ID, fs[i].Listing = ix.recs[s].id, ix.recs[s].listing
			page.Items[i] = &fs[i]
		}
	} else {
		for i, s := range found.slots {
			f, err := marquee.DecodeFestivalListing(ix.recs[s].listing)
			if err != nil {
				return nil, fmt.Errorf("search: festival %d: %w", ix.recs[s].id, err)
			}
			page.Items[i] = f
		}
	}
	// The fees, one allocation for the page.
	fees := make([]int64, len(found.slots))
	for i, s := range found.slots {
		if next, fee := ix.recs[s].stateOn(today); next != 0 {
			fees[i] = fee
			page.Items[i].NextDeadline, page.Items[i].MinFee = dayString(next), &fees[i]
		}
	}
	return page, nil
}

// match finds the festivals of q (normalised, its text parsed): how many
// match, and the slots of the page asked for, in order.
func (ix *FestivalIndex) match(q marquee.FestivalQuery, parsed Query) cachedPage {
	m := matcherPool.Get().(*matcher)
	defer func() {
		m.ix, m.parts, m.maxFee, m.rank, m.keys = nil, nil, nil, nil, m.keys[:0]
		matcherPool.Put(m)
	}()
	today := dayNumber(q.Today)
	order := ix.dayOrder(today)
	*m = matcher{ix: ix, parts: parsed.Parts, country: countryCode(q.Country), from: dayNumber(q.From), to: dayNumber(q.To),
		today: today, open: q.Open, maxFee: q.MaxFee, rank: order.ranks(q.Sort), relevance: q.Sort == marquee.FestivalSortRelevance,
		keys: m.keys[:0], count: m.count, best: m.best, score: m.score, touched: m.touched[:0]}
	if q.Category != "" {
		m.category = Fold(q.Category)
	}
	offset := (q.Page - 1) * q.PerPage
	end := offset + q.PerPage
	inOrder := order.slots(q.Sort)
	if len(m.parts) == 0 && m.country == 0 {
		// Every festival is a candidate: walk them in order, the page's
		// festivals are the matches from offset to end.
		found := cachedPage{}
		hot, more := order.hot(q.Sort), m.maxFee != nil || m.category != ""
		i := 0
		for ; i < len(inOrder) && found.total < int64(end); i++ {
			if m.filterHot(&hot[i]) && (!more || m.filterMore(inOrder[i])) {
				if found.total >= int64(offset) {
					found.slots = append(found.slots, inOrder[i])
				}
				found.total++
			}
		}
		// Past the page, only the count.
		for ; i < len(inOrder); i++ {
			if m.filterHot(&hot[i]) && (!more || m.filterMore(inOrder[i])) {
				found.total++
			}
		}
		return found
	}
	m.run()
	keys := m.keys
	found := cachedPage{total: int64(len(keys))}
	if offset >= len(keys) {
		return found
	}
	end = min(len(keys), end)
	keys = topKeys(keys, end)
	found.slots = make([]int32, 0, end-offset)
	for _, k := range keys[offset:end] {
		found.slots = append(found.slots, inOrder[uint32(k)])
	}
	return found
}

// run collects in m.keys every festival that passes the query. Without
// text it checks the festivals of the country. With text it walks the
// postings of each part, smallest first, counting for each festival the
// parts it matched so far (m.count) and its score (m.score: the sum of
// each part's best grade's score, m.best holding the current part's
// grade); the first part also applies the cheap filters.
func (m *matcher) run() {
	ix := m.ix
	if len(m.parts) == 0 {
		for _, s := range ix.byCountry[m.country] {
			if m.filter(s) {
				m.finish(s, 0)
			}
		}
		return
	}
	// The posting lists of each part, and how many entries they hold.
	lists := make([][]partList, len(m.parts))
	sizes := make([]int, len(m.parts))
	order := make([]int, len(m.parts))
	for i := range m.parts {
		lists[i] = ix.partPostings(&m.parts[i])
		for _, l := range lists[i] {
			sizes[i] += len(l.entries)
		}
		if sizes[i] == 0 {
			return // a part no festival matches
		}
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return sizes[a] - sizes[b] })
	if n := len(ix.recs); len(m.count) < n {
		m.count, m.best, m.score = make([]uint16, n), make([]uint8, n), make([]int32, n)
	}
	count, best, score := m.count, m.best, m.score
	touched := m.touched[:0]
	// A festival comes once per term of a part it holds (a prefix
	// matches several): the part's grade is the best of them.
	for _, l := range lists[order[0]] {
		for _, e := range l.entries {
			s, g := int32(e>>weightBits), l.grade(e)
			switch count[s] {
			case 0:
				touched = append(touched, s)
				if !m.filter(s) {
					count[s] = rejected
					continue
				}
				count[s], best[s], score[s] = 1, g, gradeScore(g)
			case 1:
				if g > best[s] {
					score[s] += gradeScore(g) - gradeScore(best[s])
					best[s] = g
				}
			}
		}
	}
	for k, i := range order[1:] {
		matched := uint16(k + 1) // parts matched before this one
		for _, l := range lists[i] {
			for _, e := range l.entries {
				s, g := int32(e>>weightBits), l.grade(e)
				switch count[s] {
				case matched:
					count[s], best[s] = matched+1, g
					score[s] += gradeScore(g)
				case matched + 1:
					if g > best[s] {
						score[s] += gradeScore(g) - gradeScore(best[s])
						best[s] = g
					}
				}
			}
		}
	}
	all := uint16(len(m.parts))
	for _, s := range touched {
		if count[s] == all {
			m.finish(s, score[s])
		}
		count[s], best[s], score[s] = 0, 0, 0
	}
	m.touched = touched[:0]
}

// A part's grade at a festival is the weight of the best field it
// matched there, plus exactGrade when it matched exactly rather than
// through a typo: any exact match grades above any typo. A festival's
// score is the sum of its parts' gradeScores: exactScore for each part
// matched exactly (so a festival needing fewer typos always ranks
// higher), plus the weights.
const (
	exactGrade = 1 << weightBits
	exactScore = 1 << 10 // above any sum of weights (a query has at most 100 parts)
)

// gradeScore is what grade g adds to a festival's score.
func gradeScore(g uint8) int32 {
	return int32(g&weightMask) + int32(g>>weightBits)*exactScore
}

// partList is one posting list a part matches, and whether through a typo.
type partList struct {
	entries []uint32
	typo    bool
}

// grade returns the grade of the posting entry e of l.
func (l partList) grade(e uint32) uint8 {
	if l.typo {
		return uint8(e & weightMask)
	}
	return uint8(e&weightMask) | exactGrade
}

// rejected marks in matcher.count a festival the filters refused; a
// query has fewer parts (its text is at most 200 characters).
const rejected = 0xFFFF

// filter reports whether the festival in slot s is live (not removed)
// and passes the country, date and open filters.
func (m *matcher) filter(s int32) bool { return m.filterHot(&m.ix.hot[s]) }

// filterHot is filter on the festival's indexedHot.
func (m *matcher) filterHot(h *indexedHot) bool {
	return h.live && (m.country == 0 || h.country == m.country) && (m.from == 0 || h.end >= m.from) &&
		(m.to == 0 || h.start <= m.to) && (!m.open || h.lastDeadline >= m.today)
}

// filterMore reports whether the festival in slot s, which passed
// filter, passes the remaining filters (maximum fee, category).
func (m *matcher) filterMore(s int32) bool {
	if m.maxFee != nil {
		if next, fee := m.ix.recs[s].stateOn(m.today); next == 0 || fee > *m.maxFee {
			return false
		}
	}
	return m.category == "" || m.ix.recs[s].hasCategory(m.category)
}

// finish adds the festival in slot s, which passed filter with score,
// to the hits if it passes the remaining filters. A festival that needed
// a typo for some part (its score below exactScore per part) comes after
// the exact ones in every order.
func (m *matcher) finish(s int32, score int32) {
	if m.maxFee == nil && m.category == "" || m.filterMore(s) {
		typo := score < int32(len(m.parts))*exactScore
		m.keys = append(m.keys, hitKey(m.relevance, m.ix.hot[s].featured, typo, score, m.rank[s]))
	}
}

// partPostings returns the posting lists of the terms matching p, in
// which a festival comes once per matching term, exact ones first, then
// those of the words one edit away (p.Typo). Removed festivals not yet
// swept come too: the filters refuse them.
func (ix *FestivalIndex) partPostings(p *Part) []partList {
	var lists []partList
	if !p.Prefix {
		if l := ix.postings[p.Term]; len(l) > 0 {
			lists = append(lists, partList{entries: l})
		}
	} else {
		lo, hi := ix.termRange(p)
		lists = make([]partList, 0, hi-lo)
		for _, t := range ix.terms[lo:hi] {
			lists = append(lists, partList{entries: ix.postings[t]})
		}
	}
	if p.Typo {
		ix.typos.lookup(p.Term, func(w string) bool { return len(ix.postings[w]) > 0 }, func(w string) {
			lists = append(lists, partList{entries: ix.postings[w], typo: true})
		})
	}
	return lists
}

// termRange returns the range of ix.terms matching p.
func (ix *FestivalIndex) termRange(p *Part) (lo, hi int) {
	lo = sort.SearchStrings(ix.terms, p.Term)
	hi = len(ix.terms)
	if p.Upper != "" {
		hi = lo + sort.SearchStrings(ix.terms[lo:], p.Upper)
	}
	return lo, hi
}
