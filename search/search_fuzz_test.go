package search

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// searchSeeds are texts in the scripts festivals write in.
var searchSeeds = []string{
	"Lisbon Short Film Days", "Festival de Cinéma de Clermont-Ferrand", "東京国際映画祭", "上海国际电影节 2027",
	"ＴＯＫＹＯ ｼｮｰﾄ", "ß Æsir Łódź İstanbul ǅ", "e\u0301 a\u0308 か\u3099", "釜山 부산국제영화제", "ｶﾞ", "\u212a \u2126",
	"\U0010FFFF\U0010FFFF", strings.Repeat("x", 45) + " " + strings.Repeat("映", 3), "\xff\xfe", "a\u0345b", "ﬁlm ﬂow",
}

// FuzzFold: folding is idempotent, gives valid UTF-8, and its shortcut
// (texts with nothing to strip) answers what the full path answers.
func FuzzFold(f *testing.F) {
	for _, s := range searchSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := Fold(s)
		if twice := Fold(once); twice != once {
			t.Fatalf("Fold(%q) = %q, then %q", s, once, twice)
		}
		if !utf8.ValidString(once) {
			t.Fatalf("Fold(%q) = %q, not valid UTF-8", s, once)
		}
		valid := strings.ToValidUTF8(s, "\uFFFD")
		if valid != s {
			return // the full path below is for UTF-8 text (Fold makes text UTF-8 first)
		}
		if full := stripLatinMarks(strings.ToLower(norm.NFKC.String(s))); full != once {
			t.Fatalf("Fold(%q) = %q, the full path gives %q", s, once, full)
		}
	})
}

// FuzzTerms: a festival is found by a search for its own text (every part
// of the query of a text matches one of the text's index terms); its
// terms are distinct, valid, at most MaxWordRunes long and folded; query
// parts have their prefix bounds.
func FuzzTerms(f *testing.F) {
	for _, s := range searchSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		terms := Terms(text)
		seen := map[string]bool{}
		for _, term := range terms {
			switch {
			case term == "" || !utf8.ValidString(term) || utf8.RuneCountInString(term) > MaxWordRunes:
				t.Fatalf("Terms(%q): term %q", text, term)
			case seen[term]:
				t.Fatalf("Terms(%q): term %q twice", text, term)
			case !strings.Contains(Fold(text), term):
				t.Fatalf("Terms(%q): term %q is not in the folded text %q", text, term, Fold(text))
			}
			seen[term] = true
		}
		q := ParseQuery(text)
		if q.Empty() != (len(terms) == 0) {
			t.Fatalf("ParseQuery(%q) has %d parts for %d terms", text, len(q.Parts), len(terms))
		}
		for _, p := range q.Parts {
			if p.Term == "" || p.Prefix && (p.Upper != PrefixUpper(p.Term) || p.Upper != "" && p.Upper <= p.Term) || !p.Prefix && p.Upper != "" {
				t.Fatalf("ParseQuery(%q): part %+v", text, p)
			}
			found := false
			for _, term := range terms {
				if term == p.Term || p.Prefix && term >= p.Term && (p.Upper == "" || term < p.Upper) {
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("a search for %q does not find its own text: part %+v matches none of %q", text, p, terms)
			}
		}
	})
}

// FuzzPrefixUpper: every string that starts with a prefix sorts at or
// after it and before PrefixUpper(prefix); "" only for an empty prefix or
// one of U+10FFFF only.
func FuzzPrefixUpper(f *testing.F) {
	for _, s := range []string{"a", "film", "映画", "\ud7ff", "\U0010FFFF", "a\U0010FFFF", "", "\u007f"} {
		f.Add(s, "z")
		f.Add(s, "\U0010FFFF\xff")
	}
	f.Fuzz(func(t *testing.T, prefix, suffix string) {
		if !utf8.ValidString(prefix) {
			return // prefixes are folded text
		}
		up := PrefixUpper(prefix)
		if up == "" {
			if strings.Trim(prefix, "\U0010FFFF") != "" {
				t.Fatalf("PrefixUpper(%q) = \"\"", prefix)
			}
			return
		}
		if !utf8.ValidString(up) || up <= prefix || prefix+suffix >= up {
			t.Fatalf("PrefixUpper(%q) = %q; %q is not below it", prefix, up, prefix+suffix)
		}
		if cut := TruncateRunes(prefix+suffix, MaxWordRunes); !strings.HasPrefix(prefix+suffix, cut) || utf8.RuneCountInString(cut) > MaxWordRunes {
			t.Fatalf("TruncateRunes(%q) = %q", prefix+suffix, cut)
		}
	})
}
