package marquee

import (
	"cmp"
	"slices"
	"time"
	"unicode"
)

// InquiryPart is one thing a question asks of a festival (InquiryQuery):
// the assistant reads each as a preference, not a filter.
type InquiryPart uint8

// The parts of a question.
const (
	PartPlace    InquiryPart = iota // in a city named
	PartCountry                     // in the country named
	PartCategory                    // a category of the kind named
	PartDates                       // held in the month or season named
	PartDeadline                    // a deadline in the month or season named
	PartOpen                        // open for submissions
	PartFee                         // a current fee within the one named
	PartKeywords                    // the question's other words in its text
	InquiryParts                    // how many parts there are
)

// FitLevel is how a festival meets one part of a question.
type FitLevel uint8

// Fit levels.
const (
	FitNone    FitLevel = iota // not met
	FitRelaxed                 // met only as its relaxation reads it
	FitExact                   // met as asked
)

// InquiryFit is how one festival meets each part of a question, with what
// orders festivals that meet as much: the relevance of its text to the
// keywords and places (higher first) and its place in the festivals'
// order by next deadline (open first, then start date and id).
type InquiryFit struct {
	Levels    [InquiryParts]FitLevel
	Relevance int32
	Order     uint32
}

// InquiryRelaxation names a way the assistant widened a question that
// no festival met as asked; the answer says which it used.
type InquiryRelaxation string

// The relaxations (tried in the order of inquirySteps).
const (
	// RelaxCategoryText: the category's words also found in festivals'
	// names and descriptions, not only their categories' names.
	RelaxCategoryText InquiryRelaxation = "category-text"
	// RelaxCityToCountry: festivals anywhere in the city's country.
	RelaxCityToCountry InquiryRelaxation = "city-country"
	// RelaxNearMonths: the months just before and after the ones named
	// (for the festival's dates or its deadlines).
	RelaxNearMonths InquiryRelaxation = "near-months"
	// RelaxKeywords: the question's other words left out.
	RelaxKeywords InquiryRelaxation = "keywords"
	// RelaxPartial: no festival met every part even so; those meeting the
	// most parts are listed.
	RelaxPartial InquiryRelaxation = "partial"
)

// relaxedBy is the relaxation that lets a part be met at FitRelaxed (or,
// for keywords, not at all).
var relaxedBy = [InquiryParts]InquiryRelaxation{
	PartPlace: RelaxCityToCountry, PartCategory: RelaxCategoryText, PartDates: RelaxNearMonths,
	PartDeadline: RelaxNearMonths, PartKeywords: RelaxKeywords,
}

// inquirySteps are the relaxations allowed at each step, strict first.
// Words the question's other parts do not explain are left out before
// the city or the month is widened: they are more often no festival's
// ("with a river view") than the place or time asked is wrong.
var inquirySteps = [][]InquiryRelaxation{
	nil,
	{RelaxCategoryText},
	{RelaxCategoryText, RelaxKeywords},
	{RelaxCategoryText, RelaxKeywords, RelaxCityToCountry},
	{RelaxCategoryText, RelaxKeywords, RelaxCityToCountry, RelaxNearMonths},
}

// Asked returns the parts q asks about. Deadlines in a month make
// "open" part of the deadline (a deadline to come is an open call).
func (q InquiryQuery) Asked() [InquiryParts]bool {
	var a [InquiryParts]bool
	a[PartPlace] = len(q.Places) > 0
	a[PartCountry] = q.Country != ""
	a[PartCategory] = q.Category != ""
	a[PartDates] = q.From != ""
	a[PartDeadline] = q.DeadlineFrom != ""
	a[PartOpen] = q.Open && q.DeadlineFrom == ""
	a[PartFee] = q.MaxFee != nil
	// Keywords can be left out only when something else is asked.
	a[PartKeywords] = len(q.Keywords) > 0
	return a
}

// RankInquiry chooses and orders the festivals that answer a question
// asking the parts asked, given how each festival fits (fits[i] is
// festival i's), and says which relaxations the answer used:
//
//   - Strict first: the festivals meeting every part as asked. When
//     there are none, the question is widened step by step
//     (RelaxCategoryText; then, when the question asks something
//     besides keywords, RelaxKeywords; then RelaxCityToCountry; then
//     RelaxNearMonths) until some festival meets every part as the
//     allowed relaxations read it.
//   - Then, when even that finds none and the question has two parts or
//     more, the festivals meeting the most parts (RelaxPartial).
//   - Festivals meeting more parts exactly come first, then the more
//     relevant text, then the order by next deadline.
//
// It returns at most limit festivals (as indexes into fits) and the
// relaxations the festivals returned used, in the order they are tried.
func RankInquiry(asked [InquiryParts]bool, fits []InquiryFit, limit int) (picked []int, relaxed []InquiryRelaxation) {
	nAsked, facets := 0, false
	for p, a := range asked {
		if a {
			nAsked++
			facets = facets || InquiryPart(p) != PartKeywords
		}
	}
	if nAsked == 0 {
		return nil, nil
	}
	// How many parts each festival meets exactly, and at all.
	exact, met := make([]uint8, len(fits)), make([]uint8, len(fits))
	for i := range fits {
		for p, a := range asked {
			if a && fits[i].Levels[p] == FitExact {
				exact[i]++
			}
			if a && fits[i].Levels[p] != FitNone {
				met[i]++
			}
		}
	}
	less := func(a, b int) int {
		fa, fb := &fits[a], &fits[b]
		return cmp.Or(cmp.Compare(exact[b], exact[a]), cmp.Compare(fb.Relevance, fa.Relevance), cmp.Compare(fa.Order, fb.Order))
	}
	// used adds the relaxations the picked festivals needed.
	used := func(picked []int, allowed []InquiryRelaxation) []InquiryRelaxation {
		var out []InquiryRelaxation
		for _, r := range allowed {
			for _, i := range picked {
				if fitUses(asked, &fits[i], r) {
					out = append(out, r)
					break
				}
			}
		}
		return out
	}
	for _, allowed := range inquirySteps {
		if !facets && slices.Contains(allowed, RelaxKeywords) {
			break // keywords alone: nothing else to widen
		}
		for i := range fits {
			if meetsAll(asked, &fits[i], allowed) {
				picked = append(picked, i)
			}
		}
		if len(picked) > 0 {
			picked = firstOf(picked, limit, less)
			return picked, used(picked, allowed)
		}
	}
	if nAsked < 2 {
		return nil, nil
	}
	widened := []InquiryRelaxation{RelaxCategoryText, RelaxCityToCountry, RelaxNearMonths}
	for i := range fits {
		if met[i] > 0 {
			picked = append(picked, i)
		}
	}
	picked = firstOf(picked, limit, func(a, b int) int { return cmp.Or(cmp.Compare(met[b], met[a]), less(a, b)) })
	if len(picked) == 0 {
		return nil, nil
	}
	// Keywords met by none are no relaxation here: the festivals meet
	// only part of the question.
	return picked, append(used(picked, widened), RelaxPartial)
}

// firstOf returns the first n of xs in the order of cmp, sorted, without
// sorting all of xs (ties keep xs's order).
func firstOf(xs []int, n int, cmp func(a, b int) int) []int {
	out := make([]int, 0, min(n, len(xs)))
	for _, x := range xs {
		if len(out) == n && (n == 0 || cmp(x, out[n-1]) >= 0) {
			continue
		}
		i, _ := slices.BinarySearchFunc(out, x, func(o, x int) int {
			if cmp(o, x) <= 0 {
				return -1
			}
			return 1
		})
		if len(out) < n {
			out = append(out, 0)
		}
		copy(out[i+1:], out[i:])
		out[i] = x
	}
	return out
}

// meetsAll reports whether f meets every part asked, at FitExact or, for
// a part whose relaxation is allowed, FitRelaxed (keywords: at all).
func meetsAll(asked [InquiryParts]bool, f *InquiryFit, allowed []InquiryRelaxation) bool {
	for p, a := range asked {
		if !a || f.Levels[p] == FitExact {
			continue
		}
		r := relaxedBy[p]
		if r == "" || !slices.Contains(allowed, r) {
			return false
		}
		if f.Levels[p] == FitNone && r != RelaxKeywords {
			return false
		}
	}
	return true
}

// fitUses reports whether f meets a part asked only through relaxation
// r: at FitRelaxed, or for keywords, not at all.
func fitUses(asked [InquiryParts]bool, f *InquiryFit, r InquiryRelaxation) bool {
	for p, a := range asked {
		if !a || relaxedBy[p] != r {
			continue
		}
		if f.Levels[p] == FitRelaxed || r == RelaxKeywords && f.Levels[p] == FitNone {
			return true
		}
	}
	return false
}

// NeighbourMonths widens the dates from..to (YYYY-MM-DD) by a month on
// each side: the relaxed reading of a month or season.
func NeighbourMonths(from, to string) (string, string) {
	a, okA := ParseDate(from)
	b, okB := ParseDate(to)
	if !okA || !okB {
		return from, to
	}
	a = time.Date(a.Year(), a.Month()-1, 1, 0, 0, 0, 0, time.UTC)
	b = time.Date(b.Year(), b.Month()+2, 0, 0, 0, 0, 0, time.UTC)
	return a.Format(DateLayout), b.Format(DateLayout)
}

// InquiryCategories are the categories the assistant understands.
var InquiryCategories = []string{InquiryDocumentary, InquiryShort, InquiryAnimation}

// InquiryCategoryKeys are the words a category of the kind named
// (InquiryDocumentary, ...) has in its name, in any language: a
// festival's folded category name containing one is of that kind.
func InquiryCategoryKeys(category string) []string { return inquiryCategoryKeys[category] }

// inquiryCategoryText are, per category, the search words that find it
// in a festival's name and description (prefixes in spaced scripts).
var inquiryCategoryText = map[string][]string{
	InquiryDocumentary: {"documentar", "docs", "non-fiction", "nonfiction", "ドキュメンタリー", "記録映画", "纪录", "紀錄"},
	InquiryShort:       {"short", "短編", "短片", "短篇", "ショートフィルム"},
	InquiryAnimation:   {"animat", "anime", "アニメ", "动画", "動畫"},
}

// InquiryCategoryText are the search words that find a category of the
// kind named in festivals' names and descriptions: the relaxed reading
// of a category.
func InquiryCategoryText(category string) []string { return inquiryCategoryText[category] }

// Name returns the place's name in lang (one of Languages): English, or
// its first name in Japanese or Chinese script, the Chinese one the Han
// name after the Japanese one when it has two (東京, 东京).
func (p InquiryPlace) Name(lang string) string {
	ja, zh := "", ""
	for _, n := range p.Names {
		switch {
		case !hasCJK(n):
		case ja == "":
			ja = n
		case zh == "" && !hasKana(n) && !hasKana(ja):
			zh = n
		}
	}
	for _, n := range p.Names {
		if zh == "" && hasCJK(n) && !hasKana(n) {
			zh = n
		}
	}
	switch {
	case lang == "ja" && ja != "":
		return ja
	case lang == "zh" && zh != "":
		return zh
	}
	return p.Names[0]
}

// InquiryCountryName returns the name of the country code in lang (one
// of Languages), from the CLDR (countryNames lists a name once: a
// Chinese name the same as the Japanese is not repeated); the code
// itself when unknown.
func InquiryCountryName(code, lang string) string {
	names := countryNames[code]
	if len(names) == 0 {
		return code
	}
	i := slices.Index(Languages, lang)
	if i < 0 {
		i = 0
	}
	return names[min(i, len(names)-1)]
}

func hasKana(s string) bool {
	for _, r := range s {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana) {
			return true
		}
	}
	return false
}
