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
// marks (が stays が).
func Fold(s string) string {
	s = strings.ToLower(norm.NFKC.String(s))
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
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

// run is a stretch of folded text: a word, or a CJK run.
type run struct {
	text string
	cjk  bool
}

// split folds s and cuts it into words and CJK runs.
func split(s string) []run {
	s = Fold(s)
	var out []run
	start, cjk := -1, false
	flush := func(end int) {
		if start >= 0 {
			out = append(out, run{text: s[start:end], cjk: cjk})
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
	return out
}

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}

// Terms returns the distinct index terms of text, in order of first appearance.
func Terms(text string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, r := range split(text) {
		if !r.cjk {
			add(truncateRunes(r.text, MaxWordRunes))
			continue
		}
		rs := []rune(r.text)
		for i, c := range rs {
			add(string(c))
			if i+1 < len(rs) {
				add(string(rs[i : i+2]))
			}
		}
	}
	return out
}

// Part is one condition of a query: an index term must equal Term (Exact)
// or start with it (a prefix: Term <= term < Upper, or no upper bound
// when Upper is "").
type Part struct {
	Term   string
	Prefix bool
	Upper  string
}

// Query is a parsed search: every part must match.
type Query struct {
	Parts []Part
}

// Empty reports whether the query has nothing to match.
func (q Query) Empty() bool { return len(q.Parts) == 0 }

// ParseQuery turns what a user typed into a query. Each word of a spaced
// script matches index terms starting with it; a single CJK character
// matches that character; a longer CJK run requires every one of its
// bigrams. Duplicate parts are dropped.
func ParseQuery(q string) Query {
	var out Query
	seen := map[Part]bool{}
	add := func(p Part) {
		if !seen[p] {
			seen[p] = true
			out.Parts = append(out.Parts, p)
		}
	}
	for _, r := range split(q) {
		if !r.cjk {
			w := truncateRunes(r.text, MaxWordRunes)
			add(Part{Term: w, Prefix: true, Upper: PrefixUpper(w)})
			continue
		}
		rs := []rune(r.text)
		if len(rs) == 1 {
			add(Part{Term: r.text})
			continue
		}
		for i := 0; i+1 < len(rs); i++ {
			add(Part{Term: string(rs[i : i+2])})
		}
	}
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
