package search

import (
	"slices"
	"strings"
	"testing"
)

// FuzzTypoLookup: for any query word and index word (folded, as the
// index and queries hold them), oneEdit agrees with the textbook
// distance, and the deletion neighbourhood finds the index word from the
// query word exactly when it may be found through a typo: one edit away,
// not starting with the query word, a word of four letters or more.
func FuzzTypoLookup(f *testing.F) {
	for _, p := range [][2]string{{"lisbn", "lisbon"}, {"tokoy", "tokyo"}, {"lisboa", "lisbon"}, {"films", "film"},
		{"kraków", "krakow"}, {"映画祭映画", "映画祭"}, {"aaaaa", "aaaa"}, {"abcde", "abcde"}, {"\xff\xfeab", "ab"}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, query, word string) {
		query, word = TruncateRunes(Fold(query), MaxWordRunes), TruncateRunes(Fold(word), MaxWordRunes)
		if got, want := oneEdit(query, word), osa(query, word) == 1; got != want {
			t.Fatalf("oneEdit(%q, %q) = %v, distance %d", query, word, got, osa(query, word))
		}
		if !TypoWord(query) || strings.ContainsFunc(query+word, func(r rune) bool { return r == ' ' }) {
			return
		}
		var ti typoIndex
		ti.build([]string{word})
		var found []string
		ti.lookup(query, func(string) bool { return true }, func(w string) { found = append(found, w) })
		want := typoTarget(word) && osa(query, word) == 1 && !strings.HasPrefix(word, query)
		if got := slices.Contains(found, word); got != want || len(found) > 1 {
			t.Fatalf("lookup(%q) in [%q] found %q, want found %v", query, word, found, want)
		}
	})
}
