// Package search turns text in any script into index terms and search
// queries, the same way for every database Marquee runs on.
//
// Text is normalised (NFKC, lower case, Latin diacritics removed) and split
// into runs. Han, Hiragana, Katakana and Hangul characters form CJK runs,
// which have no spaces between words: each run is indexed as its distinct
// single characters and its overlapping two-character bigrams, so that a
// two-character word such as 映画 or 电影 is found (a trigram index would
// miss it). Letters and digits of every other script form words, indexed
// whole and searched by prefix.
//
// FestivalIndex is the festival search engine built on these terms: an
// in-memory index of the approved festivals that follows the database
// through a FestivalLoader, which the store implements.
package search

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxWordRunes caps the length of an indexed word; longer words are cut,
// in the index and in queries alike.
const MaxWordRunes = 40

// foldSpecial maps Latin letters that do not decompose into a base letter
// and a diacritic.
var foldSpecial = map[rune]string{
	'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ð': "d",
	'ł': "l", 'ħ': "h", 'ı': "i", 'þ': "th", 'ŀ': "l",
}

// Fold normalises s for matching: NFKC (full-width letters become ASCII,
// half-width katakana full-width), lower case, and Latin letters without
// their diacritics (é becomes e, İ becomes i). Other scripts keep their
// marks (が stays が). Each byte of s that is not UTF-8 becomes U+FFFD
// first: NFKC leaves such bytes, and may leave the characters after them
// unnormalised ("\xf7Ǆ" would fold to "�ǆ", then to "�dz").
func Fold(s string) string {
	if !utf8.ValidString(s) {
		s = strings.Map(func(r rune) rune { return r }, s)
	}
	s = strings.ToLower(norm.NFKC.String(s))
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii || !hasLatinOrMark(s) && norm.NFC.IsNormalString(s) {
		// Nothing to strip: no Latin letter beyond ASCII and no
		// combining mark (kana, Han and Hangul stay as they are).
		return s
	}
	return stripLatinMarks(s)
}

// stripLatinMarks removes the diacritics of Latin letters from s and
// spells out the Latin letters listed in foldSpecial.
func stripLatinMarks(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	prevLatin := false
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			if !prevLatin {
				b.WriteRune(r)
			}
			continue
		}
		prevLatin = unicode.Is(unicode.Latin, r)
		if rep, ok := foldSpecial[r]; ok {
			b.WriteString(rep)
			continue
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// hasLatinOrMark reports whether s holds a non-ASCII Latin letter or a
// nonspacing mark: what Fold may have to change after NFKC and lower case.
func hasLatinOrMark(s string) bool {
	for _, r := range s {
		if r >= utf8.RuneSelf && (unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Mn, r)) {
			return true
		}
	}
	return false
}

// IsCJK reports whether r belongs to a script written without spaces
// between words (Han, Hiragana, Katakana, Hangul), including the katakana
// prolonged sound mark.
func IsCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー' || r == '々'
}

// isWordRune reports whether r continues a word of a spaced script.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// eachRun calls fn with each word and each CJK run of s, which must be
// folded, in order.
func eachRun(s string, fn func(text string, cjk bool)) {
	start, cjk := -1, false
	flush := func(end int) {
		if start >= 0 {
			fn(s[start:end], cjk)
			start = -1
		}
	}
	for i, r := range s {
		switch {
		case IsCJK(r):
			if start >= 0 && !cjk {
				flush(i)
			}
			if start < 0 {
				start, cjk = i, true
			}
		case isWordRune(r):
			if start >= 0 && cjk {
				flush(i)
			}
			if start < 0 {
				start, cjk = i, false
			}
		default:
			flush(i)
		}
	}
	flush(len(s))
}

// TruncateRunes cuts s to at most n runes (never inside one): index
// words here, festival slugs in the store.
func TruncateRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// EachTerm calls fn with every index term of text, in order, repeats
// included: each word (cut to MaxWordRunes), and for each CJK run each
// character followed by the bigram it starts. The terms are substrings of
// the folded text: EachTerm allocates nothing else.
func EachTerm(text string, fn func(term string)) {
	eachRun(Fold(text), func(r string, cjk bool) {
		if !cjk {
			fn(TruncateRunes(r, MaxWordRunes))
			return
		}
		for i := 0; i < len(r); {
			_, n := utf8.DecodeRuneInString(r[i:])
			fn(r[i : i+n])
			if i+n < len(r) {
				_, m := utf8.DecodeRuneInString(r[i+n:])
				fn(r[i : i+n+m])
			}
			i += n
		}
	})
}

// Terms returns the distinct index terms of text, in order of first appearance.
func Terms(text string) []string {
	seen := map[string]bool{}
	var out []string
	EachTerm(text, func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	})
	return out
}

// Part is one condition of a query: an index term must equal Term (Exact)
// or start with it (a prefix: Term <= term < Upper, or no upper bound
// when Upper is ""), or, when Typo, be a word one edit away from Term
// (festival_typo.go), which ranks below.
type Part struct {
	Term   string
	Prefix bool
	Upper  string
	Typo   bool
}

// Query is a parsed search: every part must match.
type Query struct {
	Parts []Part
}

// Empty reports whether the query has nothing to match.
func (q Query) Empty() bool { return len(q.Parts) == 0 }

// ParseQuery turns what a user typed into a query. Each word of a spaced
// script matches index terms starting with it, and one of TypoMinRunes
// letters or more also the words one edit away from it; a single CJK
// character matches that character; a longer CJK run requires every one
// of its bigrams. Duplicate parts are dropped.
func ParseQuery(q string) Query {
	var out Query
	seen := map[Part]bool{}
	add := func(p Part) {
		if !seen[p] {
			seen[p] = true
			out.Parts = append(out.Parts, p)
		}
	}
	eachRun(Fold(q), func(r string, cjk bool) {
		if !cjk {
			w := TruncateRunes(r, MaxWordRunes)
			add(Part{Term: w, Prefix: true, Upper: PrefixUpper(w), Typo: TypoWord(w)})
			return
		}
		rs := []rune(r)
		if len(rs) == 1 {
			add(Part{Term: r})
			return
		}
		for i := 0; i+1 < len(rs); i++ {
			add(Part{Term: string(rs[i : i+2])})
		}
	})
	return out
}

// PrefixUpper returns the smallest string greater than every string that
// starts with prefix, comparing bytes (which for UTF-8 is comparing code
// points): prefix with its last rune incremented. It returns "" when no
// such string exists (prefix is all U+10FFFF, or empty).
func PrefixUpper(prefix string) string {
	rs := []rune(prefix)
	for len(rs) > 0 {
		last := rs[len(rs)-1]
		next := last + 1
		if next == 0xD800 { // skip the surrogates, which UTF-8 cannot hold
			next = 0xE000
		}
		if next <= unicode.MaxRune {
			rs[len(rs)-1] = next
			return string(rs)
		}
		rs = rs[:len(rs)-1]
	}
	return ""
}
