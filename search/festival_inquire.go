package search

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
)

// Inquire finds the festivals that answer a question to the festival
// assistant (q, as marquee.ParseInquiry read it) on day today, after
// bringing the index up to date with l. Every part of the question is a
// preference (marquee.InquiryPart): each upcoming festival (not ended
// before today) is measured against each part, exactly and as its
// relaxation reads it (inquireFit), and marquee.RankInquiry chooses and
// orders them and says what was relaxed. The festivals carry their next
// deadline and fee of today, as search results do.
func (ix *FestivalIndex) Inquire(ctx context.Context, l FestivalLoader, q marquee.InquiryQuery, today string) (*marquee.InquiryResult, error) {
	if _, ok := marquee.ParseDate(today); !ok {
		return nil, fmt.Errorf("search: inquire: bad day %q", today)
	}
	if err := ix.sync(ctx, l); err != nil {
		return nil, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.inquire(q, today)
}

// textHit is how a festival matched a text query: its score (the sum of
// its parts' gradeScores) and the lowest grade of a part (0: no match).
type textHit struct {
	score int32
	low   uint8
}

// textScratch is the per-slot state of matching one text, reused.
type textScratch struct {
	hits    []textHit
	best    []uint8
	touched []int32
}

// textHits fills sc.hits (by slot, which must be all zero) with the
// festivals matching every part of parsed (typos included, as discovery
// matches them), and how; removed festivals may be among them. It
// returns the slots matched.
func (ix *FestivalIndex) textHits(parsed Query, sc *textScratch) []int32 {
	hits, best := sc.hits, sc.best
	var matched []int32
	for i := range parsed.Parts {
		touched := sc.touched[:0]
		for _, l := range ix.partPostings(&parsed.Parts[i]) {
			for _, e := range l.entries {
				s, g := int32(e>>weightBits), l.grade(e)
				if i > 0 && hits[s].low == 0 {
					continue
				}
				if best[s] == 0 {
					touched = append(touched, s)
				}
				best[s] = max(best[s], g)
			}
		}
		if i == 0 {
			matched = slices.Clone(touched)
			for _, s := range touched {
				hits[s] = textHit{score: gradeScore(best[s]), low: best[s]}
			}
		} else {
			kept := matched[:0]
			for _, s := range matched {
				if g := best[s]; g == 0 {
					hits[s] = textHit{}
				} else {
					hits[s] = textHit{score: hits[s].score + gradeScore(g), low: min(hits[s].low, g)}
					kept = append(kept, s)
				}
			}
			matched = kept
		}
		for _, s := range touched {
			best[s] = 0
		}
		sc.touched = touched[:0]
		if len(matched) == 0 {
			return nil
		}
	}
	return matched
}

// anyTextHits returns, by slot, how festivals match any of several
// texts (a place's names in each script, a category's words), keeping
// each festival's best; nil when no festival does.
func (ix *FestivalIndex) anyTextHits(texts []string, sc *textScratch) []textHit {
	var out []textHit
	for _, t := range texts {
		matched := ix.textHits(ParseQuery(t), sc)
		if len(matched) > 0 && out == nil {
			out = make([]textHit, len(ix.recs))
		}
		for _, s := range matched {
			h, o := sc.hits[s], out[s]
			if h.low > o.low || h.low == o.low && h.score > o.score {
				out[s] = h
			}
			sc.hits[s] = textHit{}
		}
	}
	return out
}

// hitAt returns hits[s], no match when hits is nil.
func hitAt(hits []textHit, s int32) (textHit, bool) {
	if hits == nil || hits[s].low == 0 {
		return textHit{}, false
	}
	return hits[s], true
}

// inquiry is a question read for the index: what each part asks, in the
// index's terms.
type inquiry struct {
	asked     [marquee.InquiryParts]bool
	today     int32
	places    []textHit // by slot: festivals whose text names a place asked
	placeKeys []string  // the places' names, folded
	placeLand []uint16  // the places' countries
	country   uint16
	catKind   uint8     // the category asked, as a bit of indexedFestival.categoryKinds
	catText   []textHit // by slot: festivals whose text names the category
	from, to  [2]int32  // festival dates: as asked, relaxed
	dueFrom   [2]int32  // deadlines: as asked, relaxed (never before today)
	dueTo     [2]int32
	maxFee    int64
	keywords  []textHit // by slot
}

// inquire is Inquire once the index is current. The caller holds ix.mu
// for reading.
func (ix *FestivalIndex) inquire(q marquee.InquiryQuery, today string) (*marquee.InquiryResult, error) {
	in := inquiry{asked: q.Asked(), today: dayNumber(today), country: countryCode(q.Country)}
	sc := &textScratch{hits: make([]textHit, len(ix.recs)), best: make([]uint8, len(ix.recs))}
	if in.asked[marquee.PartPlace] {
		var names []string
		for _, p := range q.Places {
			names = append(names, p.Names...)
			for _, n := range p.Names {
				in.placeKeys = append(in.placeKeys, Fold(n))
			}
			in.placeLand = append(in.placeLand, countryCode(p.Country))
		}
		in.places = ix.anyTextHits(names, sc)
	}
	if in.asked[marquee.PartCategory] {
		if i := slices.Index(marquee.InquiryCategories, q.Category); i >= 0 {
			in.catKind = 1 << i
		}
		in.catText = ix.anyTextHits(marquee.InquiryCategoryText(q.Category), sc)
	}
	if in.asked[marquee.PartDates] {
		from, to := marquee.NeighbourMonths(q.From, q.To)
		in.from = [2]int32{dayNumber(q.From), dayNumber(from)}
		in.to = [2]int32{dayNumber(q.To), dayNumber(to)}
	}
	if in.asked[marquee.PartDeadline] {
		from, to := marquee.NeighbourMonths(q.DeadlineFrom, q.DeadlineTo)
		in.dueFrom = [2]int32{max(dayNumber(q.DeadlineFrom), in.today), max(dayNumber(from), in.today)}
		in.dueTo = [2]int32{dayNumber(q.DeadlineTo), dayNumber(to)}
	}
	if in.asked[marquee.PartFee] {
		in.maxFee = *q.MaxFee
	}
	if in.asked[marquee.PartKeywords] {
		in.keywords = ix.anyTextHits([]string{strings.Join(q.Keywords, " ")}, sc)
	}
	order := ix.dayOrder(in.today)
	var fits []marquee.InquiryFit
	var slots []int32
	for s := range ix.hot {
		h := &ix.hot[s]
		if !h.live || h.end < in.today {
			continue
		}
		fit, ok := ix.inquireFit(&in, int32(s))
		if !ok {
			continue
		}
		fit.Order = order.deadlineRank[s]
		fits = append(fits, fit)
		slots = append(slots, int32(s))
	}
	picked, relaxed := marquee.RankInquiry(in.asked, fits, marquee.InquiryResultsMax)
	out := &marquee.InquiryResult{Festivals: make([]*marquee.Festival, 0, len(picked)), Relaxed: relaxed}
	for _, i := range picked {
		f, err := ix.festivalOn(slots[i], in.today)
		if err != nil {
			return nil, err
		}
		out.Festivals = append(out.Festivals, f)
	}
	return out, nil
}

// inquireFit measures the live festival in slot s against each part
// in asks, and reports whether it meets any.
func (ix *FestivalIndex) inquireFit(in *inquiry, s int32) (marquee.InquiryFit, bool) {
	h, rec := &ix.hot[s], &ix.recs[s]
	var fit marquee.InquiryFit
	set := func(p marquee.InquiryPart, exact, relaxed bool) {
		switch {
		case exact:
			fit.Levels[p] = marquee.FitExact
		case relaxed:
			fit.Levels[p] = marquee.FitRelaxed
		}
	}
	if in.asked[marquee.PartPlace] {
		hit, ok := hitAt(in.places, s)
		// Exactly: the festival's city is a place asked (in any script),
		// or its name names one, or, without a city, its location does
		// (spelt as asked: a CJK name is matched by its bigrams, and 京都
		// is one of 東京都's); else the same country.
		sameLand := false
		for _, c := range in.placeLand {
			sameLand = sameLand || c == h.country
		}
		exact := slices.ContainsFunc(in.placeKeys, func(k string) bool { return cityIs(rec.city, k) }) ||
			ok && (hit.low >= exactGrade|weightName || rec.city == "" && hit.low >= exactGrade|weightPlace)
		set(marquee.PartPlace, exact, sameLand)
		if ok {
			fit.Relevance += hit.score
		}
	}
	if in.asked[marquee.PartCountry] {
		set(marquee.PartCountry, h.country == in.country, false)
	}
	// inCategory: the indexes of the festival's categories of the kind asked.
	var inCategory []int
	if in.asked[marquee.PartCategory] {
		for i, kinds := range rec.categoryKinds {
			if kinds&in.catKind != 0 {
				inCategory = append(inCategory, i)
			}
		}
		hit, ok := hitAt(in.catText, s)
		set(marquee.PartCategory, len(inCategory) > 0, ok)
		if ok {
			fit.Relevance += hit.score
		}
	}
	if in.asked[marquee.PartDates] {
		overlaps := func(k int) bool { return h.end >= in.from[k] && h.start <= in.to[k] }
		set(marquee.PartDates, overlaps(0), overlaps(1))
	}
	if in.asked[marquee.PartDeadline] {
		// The deadlines of the categories of the kind asked, when it has
		// some; else all of them.
		due := func(k int) bool {
			for i, days := range rec.categoryDeadlines {
				if len(inCategory) > 0 && !containsInt(inCategory, i) {
					continue
				}
				for _, d := range days {
					if d >= in.dueFrom[k] && d <= in.dueTo[k] {
						return true
					}
				}
			}
			return false
		}
		set(marquee.PartDeadline, due(0), due(1))
	}
	if in.asked[marquee.PartOpen] {
		set(marquee.PartOpen, h.lastDeadline >= in.today, false)
	}
	if in.asked[marquee.PartFee] {
		next, fee := rec.stateOn(in.today)
		set(marquee.PartFee, next != 0 && fee <= in.maxFee, false)
	}
	if in.asked[marquee.PartKeywords] {
		hit, ok := hitAt(in.keywords, s)
		set(marquee.PartKeywords, ok, false)
		if ok {
			fit.Relevance += hit.score
		}
	}
	for _, l := range fit.Levels {
		if l != marquee.FitNone {
			return fit, true
		}
	}
	return fit, false
}

// cityIs reports whether the folded city is the place named key
// (folded): the same text, or for a place in a spaced script, its words
// among the city's ("tokyo" in "tokyo, japan").
func cityIs(city, key string) bool {
	if city == "" || city == key {
		return city != ""
	}
	if strings.IndexFunc(key, IsCJK) >= 0 {
		return false
	}
	words := func(s string) string {
		return " " + strings.Join(strings.FieldsFunc(s, func(r rune) bool { return !isWordRune(r) }), " ") + " "
	}
	return strings.Contains(words(city), words(key))
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// festivalOn decodes the festival in slot s with its next deadline and
// lowest current fee on day today. The caller holds ix.mu for reading.
func (ix *FestivalIndex) festivalOn(s int32, today int32) (*marquee.Festival, error) {
	rec := &ix.recs[s]
	f, err := marquee.DecodeFestivalListing(rec.listing)
	if err != nil {
		return nil, fmt.Errorf("search: festival %d: %w", rec.id, err)
	}
	if next, fee := rec.stateOn(today); next != 0 {
		f.NextDeadline, f.MinFee = dayString(next), &fee
	}
	return f, nil
}
