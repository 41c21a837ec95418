package marquee

import (
	"strings"
	"unicode"
)

// AnonymiseFilmPeople removes a deleted account's name from a film it
// keeps (one entered in a festival, which stays the festival's entry): in
// the director and in every credit's name, each occurrence of name
// becomes DeletedUserName, so "Quinta Vexley" reads "Deleted user" and
// "Aiko and Quinta Vexley" reads "Aiko and Deleted user". The name is
// matched without regard to case or to the spaces between its words, and
// as whole words: "Al" is not found in "Alice". Letters of scripts written
// without spaces (Han, Hiragana, Katakana) count as boundaries, so
// "山田太郎" is found in "山田太郎監督". Credits naming other people stay: they
// are the film's. It reports whether anything changed.
func AnonymiseFilmPeople(director string, credits []FilmCredit, name string) (string, []FilmCredit, bool) {
	words := strings.Fields(name)
	if len(words) == 0 {
		return director, credits, false
	}
	changed := false
	replace := func(s string) string {
		out, ok := replaceName(s, words)
		if ok {
			changed = true
			return strings.TrimSpace(out)
		}
		return s
	}
	director = replace(director)
	out := make([]FilmCredit, len(credits))
	for i, c := range credits {
		out[i] = FilmCredit{Name: replace(c.Name), Role: c.Role}
	}
	return director, out, changed
}

// replaceName replaces every whole-word occurrence of words (in any case,
// with any spaces between them) in s with DeletedUserName.
func replaceName(s string, words []string) (string, bool) {
	text := []rune(s)
	var b strings.Builder
	found := false
	for i := 0; i < len(text); {
		if end, ok := matchName(text, i, words); ok {
			b.WriteString(DeletedUserName)
			found = true
			i = end
			continue
		}
		b.WriteRune(text[i])
		i++
	}
	return b.String(), found
}

// matchName reports whether words occur in text at start as whole words,
// and where the occurrence ends.
func matchName(text []rune, start int, words []string) (int, bool) {
	if start > 0 && spacedWordRune(text[start-1]) {
		return 0, false
	}
	i := start
	for k, w := range words {
		if k > 0 {
			spaces := i
			for i < len(text) && unicode.IsSpace(text[i]) {
				i++
			}
			if i == spaces {
				return 0, false
			}
		}
		for _, r := range w {
			if i >= len(text) || !sameRuneFolded(text[i], r) {
				return 0, false
			}
			i++
		}
	}
	if i < len(text) && spacedWordRune(text[i]) {
		return 0, false
	}
	return i, true
}

// sameRuneFolded reports whether a and b are the same letter under
// Unicode simple case folding (as strings.EqualFold compares).
func sameRuneFolded(a, b rune) bool {
	if a == b {
		return true
	}
	for r := unicode.SimpleFold(a); r != a; r = unicode.SimpleFold(r) {
		if r == b {
			return true
		}
	}
	return false
}

// spacedWordRune reports whether r continues a word in a script that
// separates words with spaces: a letter, digit or combining mark, but not
// Han, Hiragana or Katakana, which are written without spaces.
func spacedWordRune(r rune) bool {
	if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) {
		return false
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}
