package search

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestFold(t *testing.T) {
	cases := map[string]string{
		"Festival de Cannes": "festival de cannes",
		"Éclair Café Noël":   "eclair cafe noel",
		"İstanbul Straße":    "istanbul strasse",
		"ＦＩＬＭ　２０２６":          "film 2026",
		"ｶﾞｸｾｲ映画祭":           "ガクセイ映画祭",
		"がぎぐ":                "がぎぐ",
		"Øresund Łódź":       "oresund lodz",
		"São Paulo":          "sao paulo",
		"Москва Ёлка":        "москва ёлка",
		"東京国際映画祭":            "東京国際映画祭",
		"北京国际电影节":            "北京国际电影节",
	}
	for in, want := range cases {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// Fold's shortcut for text without Latin letters or marks gives what
// the full diacritic stripping gives.
func TestFoldShortcut(t *testing.T) {
	for _, in := range []string{"東京国際映画祭", "がぎぐ ｶﾞｸｾｲ", "서울독립영화제 한글", "Москва Ёлка", "Αθήνα ΆΈΉ", "ﬁlm ①", "q\u0301 Zürich",
		"İstanbul", "ひらがな\u3099", "e\u0301te\u0301", "北京 Beijing 2026", "\xff\xfe broken"} {
		lowered := strings.ToLower(norm.NFKC.String(in))
		if got, want := Fold(in), stripLatinMarks(lowered); got != want {
			t.Errorf("Fold(%q) = %q, full stripping gives %q", in, got, want)
		}
	}
}

// Folding folded text changes nothing, broken UTF-8 included (found by
// FuzzFold: NFKC skipped the Ǆ after an invalid byte, which the second
// fold then spelt out).
func TestFoldIdempotent(t *testing.T) {
	for _, in := range []string{"0000\xf7Ǆ", "\xffǄ\xfe", "\xf0\x9fＦ", "Ǆ", "\xed\xa0\x80é"} {
		once := Fold(in)
		if twice := Fold(once); twice != once || !utf8.ValidString(once) {
			t.Errorf("Fold(%q) = %q, then %q", in, once, twice)
		}
	}
}

func TestEachTermKeepsRepeats(t *testing.T) {
	var got []string
	EachTerm("映画映画 Film film", func(term string) { got = append(got, term) })
	want := []string{"映", "映画", "画", "画映", "映", "映画", "画", "film", "film"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("EachTerm = %q, want %q", got, want)
	}
}

func TestTermsLatin(t *testing.T) {
	got := Terms("The Short-Film Festival, the films of Cannes! (2026)")
	want := []string{"the", "short", "film", "festival", "films", "of", "cannes", "2026"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Terms = %q, want %q", got, want)
	}
	if got := Terms("   ,.;!  "); len(got) != 0 {
		t.Fatalf("punctuation only: %q", got)
	}
	long := strings.Repeat("a", 60)
	if got := Terms(long); len(got) != 1 || len([]rune(got[0])) != MaxWordRunes {
		t.Fatalf("long word not cut: %q", got)
	}
}

func TestTermsCJK(t *testing.T) {
	got := Terms("東京国際映画祭")
	want := []string{"東", "東京", "京", "京国", "国", "国際", "際", "際映", "映", "映画", "画", "画祭", "祭"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Terms = %q, want %q", got, want)
	}
	// Mixed scripts split into runs; katakana with the prolonged sound mark stays one run.
	got = Terms("Tokyo 短編フィルム・コンペ 2026年")
	for _, w := range []string{"tokyo", "短編", "編フ", "フィ", "ィル", "ルム", "コン", "ンペ", "2026", "年"} {
		if !slices.Contains(got, w) {
			t.Errorf("Terms(mixed) lacks %q: %q", w, got)
		}
	}
	if slices.Contains(got, "ム・") || slices.Contains(got, "ムコ") {
		t.Errorf("bigram across punctuation: %q", got)
	}
	got = Terms("スーパー")
	if !slices.Contains(got, "スー") || !slices.Contains(got, "ーパ") {
		t.Errorf("prolonged sound mark split the run: %q", got)
	}
	// Repeated characters yield each term once.
	got = Terms("映画映画")
	if want := []string{"映", "映画", "画", "画映"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Terms(repeat) = %q, want %q", got, want)
	}
	got = Terms("서울 독립영화제")
	for _, w := range []string{"서", "서울", "영화", "화제"} {
		if !slices.Contains(got, w) {
			t.Errorf("Terms(hangul) lacks %q: %q", w, got)
		}
	}
}

func TestParseQuery(t *testing.T) {
	q := ParseQuery("Film  CANNES film")
	want := []Part{{Term: "film", Prefix: true, Upper: "filn"}, {Term: "cannes", Prefix: true, Upper: "cannet", Typo: true}}
	if !reflect.DeepEqual(q.Parts, want) {
		t.Fatalf("parts = %+v, want %+v", q.Parts, want)
	}
	q = ParseQuery("映画")
	if want := []Part{{Term: "映画"}}; !reflect.DeepEqual(q.Parts, want) {
		t.Fatalf("two characters: %+v", q.Parts)
	}
	q = ParseQuery("国際映画祭")
	if want := []Part{{Term: "国際"}, {Term: "際映"}, {Term: "映画"}, {Term: "画祭"}}; !reflect.DeepEqual(q.Parts, want) {
		t.Fatalf("long run: %+v", q.Parts)
	}
	q = ParseQuery("祭")
	if want := []Part{{Term: "祭"}}; !reflect.DeepEqual(q.Parts, want) {
		t.Fatalf("one character: %+v", q.Parts)
	}
	q = ParseQuery("café 电影")
	if want := []Part{{Term: "cafe", Prefix: true, Upper: "caff"}, {Term: "电影"}}; !reflect.DeepEqual(q.Parts, want) {
		t.Fatalf("mixed: %+v", q.Parts)
	}
	if !ParseQuery(" -- !! ").Empty() {
		t.Fatal("punctuation makes an empty query")
	}
}

// Every term that a query part matches must be an index term of a text
// containing the query: the query side and the index side agree.
func TestQueryMatchesIndex(t *testing.T) {
	texts := []string{"東京国際映画祭", "北京国际电影节 Beijing", "Festival de Cannes", "Zürich Film Festival", "ソウル国際女性映画祭"}
	queries := map[string][]int{
		"映画":          {0, 4},
		"电影":          {1},
		"国際映画":        {0},
		"国際":          {0, 4},
		"zur":         {3},
		"ZÜRICH":      {3},
		"fest":        {2, 3},
		"beijing 电影节": {1},
		"cannes 映画":   nil,
	}
	for qs, want := range queries {
		q := ParseQuery(qs)
		var got []int
		for i, text := range texts {
			terms := Terms(text)
			all := true
			for _, p := range q.Parts {
				hit := false
				for _, term := range terms {
					if p.Prefix && term >= p.Term && (p.Upper == "" || term < p.Upper) || !p.Prefix && term == p.Term {
						hit = true
					}
				}
				all = all && hit
			}
			if all {
				got = append(got, i)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("query %q matched %v, want %v", qs, got, want)
		}
	}
}

func TestPrefixUpper(t *testing.T) {
	cases := map[string]string{
		"film":           "filn",
		"a":              "b",
		"":               "",
		"z\U0010FFFF":    "{",
		"\U0010FFFF":     "",
		"x\uD7FF":        "x\uE000",
		"caf" + "\u00e9": "caf\u00ea",
	}
	for in, want := range cases {
		if got := PrefixUpper(in); got != want {
			t.Errorf("PrefixUpper(%q) = %q, want %q", in, got, want)
		}
	}
	// Every string with the prefix sorts below the bound, byte-wise.
	for _, s := range []string{"film", "films", "film\U0010FFFF", "filmzzzz"} {
		if !(s >= "film" && s < PrefixUpper("film")) {
			t.Errorf("%q outside the range of prefix film", s)
		}
	}
	if "filn" < PrefixUpper("film") {
		t.Error("filn inside the range of prefix film")
	}
}

func TestTruncateRunes(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"festival", 4, "fest"}, {"festival", 8, "festival"}, {"festival", 20, "festival"},
		{"東京国際映画祭", 2, "東京"}, {"café", 4, "café"}, {"café", 3, "caf"}, {"", 3, ""}, {"abc", 0, ""},
	} {
		if got := TruncateRunes(c.in, c.n); got != c.want {
			t.Errorf("TruncateRunes(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
