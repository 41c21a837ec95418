package search

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Typo tolerance: a query word of TypoMinRunes letters or more also
// matches the index's words one edit away from it (a letter inserted,
// deleted, replaced, or two neighbours swapped: Damerau-Levenshtein
// distance 1), ranked below exact matches. CJK runs are not affected.
const (
	// TypoMinRunes is the length from which a query word tolerates a typo.
	TypoMinRunes = 5
	// typoMinWordRunes is the shortest index word one edit away from
	// such a query word.
	typoMinWordRunes = TypoMinRunes - 1
)

// typoIndex finds the index's words one edit away from a query word
// without scanning the vocabulary: a deletion neighbourhood (symmetric
// delete). Each word is filed under the hashes of itself and of each
// string made by deleting one of its letters; two words are one edit
// apart only if they share one of these keys, so a query looks up its
// own keys (the word and its deletions: one binary search each) and
// checks the few words found with oneEdit. It is built from the index's
// words with the first load and when the words added since outgrow it;
// words added in between go to a small map, and words gone from the
// index are skipped at lookup (they have no posting).
type typoIndex struct {
	words  []string // the words filed, by number
	hashes []uint64 // the keys of the build, sorted
	refs   []int32  // refs[i] is the word filed under hashes[i]
	extra  map[uint64][]int32
	added  int // words filed in extra
}

// TypoWord reports whether w, a folded word of a spaced script, is one a
// query may match with a typo: TypoMinRunes letters or more (no digits).
func TypoWord(w string) bool {
	return utf8.RuneCountInString(w) >= TypoMinRunes && allLetters(w)
}

// typoTarget reports whether the index word t may be found through a
// typo: typoMinWordRunes letters or more, of a spaced script.
func typoTarget(t string) bool {
	n := utf8.RuneCountInString(t)
	return n >= typoMinWordRunes && n <= MaxWordRunes && allLetters(t)
}

func allLetters(w string) bool {
	for _, r := range w {
		if !(unicode.IsLetter(r) || unicode.IsMark(r)) || IsCJK(r) {
			return false
		}
	}
	return w != ""
}

// build files every word of terms (sorted index terms) that may be found
// through a typo, replacing what the index held.
func (t *typoIndex) build(terms []string) {
	t.words, t.extra, t.added = t.words[:0], nil, 0
	type entry struct {
		hash uint64
		ref  int32
	}
	var entries []entry
	for _, w := range terms {
		if !typoTarget(w) {
			continue
		}
		ref := int32(len(t.words))
		t.words = append(t.words, w)
		eachTypoKey(w, func(h uint64) { entries = append(entries, entry{h, ref}) })
	}
	slices.SortFunc(entries, func(a, b entry) int {
		switch {
		case a.hash < b.hash:
			return -1
		case a.hash > b.hash:
			return 1
		}
		return int(a.ref - b.ref)
	})
	t.hashes, t.refs = make([]uint64, len(entries)), make([]int32, len(entries))
	for i, e := range entries {
		t.hashes[i], t.refs[i] = e.hash, e.ref
	}
}

// add files the new words of newTerms in the map of additions, or
// rebuilds from all (the index's sorted terms) once the additions pass a
// quarter of the build.
func (t *typoIndex) add(newTerms, all []string) {
	if t.added+len(newTerms) > len(t.words)/4+1024 {
		t.build(all)
		return
	}
	for _, w := range newTerms {
		if !typoTarget(w) {
			continue
		}
		if t.extra == nil {
			t.extra = map[uint64][]int32{}
		}
		ref := int32(len(t.words))
		t.words = append(t.words, w)
		t.added++
		eachTypoKey(w, func(h uint64) { t.extra[h] = append(t.extra[h], ref) })
	}
}

// lookup calls fn with each word filed that is one edit away from w (a
// folded query word, TypoWord) and does not start with w (those match it
// exactly, as a prefix), each once, if live(word).
func (t *typoIndex) lookup(w string, live func(string) bool, fn func(word string)) {
	var seen []int32
	check := func(ref int32) {
		if slices.Contains(seen, ref) {
			return
		}
		seen = append(seen, ref)
		word := t.words[ref]
		if !strings.HasPrefix(word, w) && oneEdit(w, word) && live(word) {
			fn(word)
		}
	}
	eachTypoKey(w, func(h uint64) {
		i := sort.Search(len(t.hashes), func(i int) bool { return t.hashes[i] >= h })
		for ; i < len(t.hashes) && t.hashes[i] == h; i++ {
			check(t.refs[i])
		}
		for _, ref := range t.extra[h] {
			check(ref)
		}
	})
}

// eachTypoKey calls fn with the keys of w: the hash of w and of each
// string made by deleting one of its runes (a repeated one once).
func eachTypoKey(w string, fn func(uint64)) {
	fn(hashSkip(w, 0, 0))
	prev := ""
	for i := 0; i < len(w); {
		_, n := utf8.DecodeRuneInString(w[i:])
		// Deleting either of two equal neighbours gives the same string.
		if r := w[i : i+n]; r != prev {
			fn(hashSkip(w, i, i+n))
			prev = r
		}
		i += n
	}
}

// hashSkip is the FNV-1a hash of w without its bytes lo..hi.
func hashSkip(w string, lo, hi int) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(w); i++ {
		if i == lo && hi > lo {
			i = hi - 1
			continue
		}
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	return h
}

// oneEdit reports whether a and b are exactly one edit apart: one rune
// inserted, deleted or replaced, or two neighbouring runes swapped.
func oneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) < len(rb) {
		ra, rb = rb, ra
	}
	switch len(ra) - len(rb) {
	case 0:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		if i == len(ra) {
			return false // equal
		}
		if slices.Equal(ra[i+1:], rb[i+1:]) {
			return true // replaced
		}
		return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && slices.Equal(ra[i+2:], rb[i+2:])
	case 1:
		i := 0
		for i < len(rb) && ra[i] == rb[i] {
			i++
		}
		return slices.Equal(ra[i+1:], rb[i:])
	}
	return false
}
