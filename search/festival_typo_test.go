package search

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
)

// osa is the optimal string alignment distance (Damerau-Levenshtein
// with adjacent transpositions) of a and b, by the textbook table: the
// reference oneEdit is checked against.
func osa(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

func TestOneEdit(t *testing.T) {
	words := []string{"lisbon", "lisbn", "lisboa", "lsibon", "lisbonn", "libson", "lisbo", "isbon", "lisbonx", "xlisbon",
		"london", "kraków", "krakow", "krakw", "cannes", "canes", "cnnes", "a", "ab", "ba", "", "abc", "acb", "bac"}
	for _, a := range words {
		for _, b := range words {
			if got, want := oneEdit(a, b), osa(a, b) == 1; got != want {
				t.Errorf("oneEdit(%q, %q) = %v, distance %d", a, b, got, osa(a, b))
			}
		}
	}
}

// The deletion neighbourhood finds exactly the words one edit away that
// do not start with the query word, among words built and added, and
// skips words no longer live.
func TestTypoIndexLookup(t *testing.T) {
	vocab := []string{"lisbon", "lisboa", "lisbonne", "london", "documentary", "documentaries", "festival", "festivals",
		"film", "films", "kraków", "tokyo", "映画祭", "2026", "abc1d"}
	slices.Sort(vocab)
	added := []string{"lisbin", "documentory"}
	var ti typoIndex
	ti.build(vocab)
	ti.add(added, append(slices.Clone(vocab), added...))
	gone := map[string]bool{"lisbonne": true}
	all := append(slices.Clone(vocab), added...)
	for _, q := range []string{"lisbn", "lisbon", "lisboq", "documentry", "festivl", "filmss", "krakow", "tokyoo", "films", "abc1e"} {
		var got []string
		ti.lookup(q, func(w string) bool { return !gone[w] }, func(w string) { got = append(got, w) })
		var want []string
		for _, w := range all {
			if typoTarget(w) && !gone[w] && osa(q, w) == 1 && !startsWith(w, q) {
				want = append(want, w)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lookup(%q) = %q, want %q", q, got, want)
		}
	}
}

func startsWith(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

func TestTypoWord(t *testing.T) {
	for w, want := range map[string]bool{"lisbn": true, "tokyo": true, "film": false, "2026年": false, "abcd1": false, "映画祭映画祭": false, "kraków": true} {
		if TypoWord(w) != want {
			t.Errorf("TypoWord(%q) = %v", w, !want)
		}
	}
}

// Discovery: a word of five letters or more matches at one edit, below
// the exact matches in every order; shorter words and CJK do not.
func TestFestivalSearchTypos(t *testing.T) {
	db := newFakeDB(append(fixture(),
		fest(10, "Lisboa Shorts", "Curtas", "PT", "Lisboa", "2026-07-01", "2026-07-03"),
		fest(11, "Tokio Days", "Films", "JP", "Tokio", "2026-08-01", "2026-08-03"),
	)...)
	var ix FestivalIndex
	cases := []struct {
		name string
		q    marquee.FestivalQuery
		want []int64
	}{
		{"lisbn finds Lisbon", marquee.FestivalQuery{Text: "lisbn"}, []int64{idLisbon}},
		{"exact, then one letter changed", marquee.FestivalQuery{Text: "lisbon"}, []int64{idLisbon, 10}},
		{"exact first by start too", marquee.FestivalQuery{Text: "tokyo", Sort: marquee.FestivalSortStart}, []int64{idTokyo, 11}},
		{"swapped letters", marquee.FestivalQuery{Text: "tokoy"}, []int64{idTokyo}},
		{"exact before typo", marquee.FestivalQuery{Text: "tokyo"}, []int64{idTokyo, 11}},
		{"with another word", marquee.FestivalQuery{Text: "cannes competiton"}, []int64{idCannes}},
		{"two edits: nothing", marquee.FestivalQuery{Text: "lsbn"}, []int64{}},
		{"four letters: no typo", marquee.FestivalQuery{Text: "fikm"}, []int64{}},
		{"CJK unaffected", marquee.FestivalQuery{Text: "東亰"}, []int64{}},
	}
	for _, c := range cases {
		p := mustSearch(t, &ix, db, c.q)
		if got := ids(p); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
	// A word added later is found with a typo; one gone is not.
	db.put(fest(12, "Zebracorn Nights", "", "DE", "Berlin", "2026-09-01", "2026-09-02"))
	if got := ids(mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "zebracron"})); !reflect.DeepEqual(got, []int64{12}) {
		t.Errorf("added word: %v", got)
	}
	db.update(12, func(d *FestivalDoc) { d.Festival.Name = "Unicorn Nights" })
	if got := ids(mustSearch(t, &ix, db, marquee.FestivalQuery{Text: "zebracron"})); len(got) != 0 {
		t.Errorf("renamed festival still found: %v", got)
	}
}

// benchDocs are n festivals over many words: a town, a theme and a
// description of common words each.
func benchDocs(n int) []FestivalDoc {
	towns := []string{"Lisbon", "Porto", "Tokyo", "Osaka", "Berlin", "Munich", "Paris", "Lyon", "Toronto", "Montreal", "Seattle",
		"Chicago", "Sydney", "Melbourne", "Auckland", "Dublin", "Glasgow", "Madrid", "Seville", "Naples"}
	themes := []string{"Documentary", "Animation", "Short", "Horror", "Comedy", "Student", "Mountain", "Ocean", "Music", "Queer"}
	docs := make([]FestivalDoc, n)
	for i := range n {
		town, theme := towns[i%len(towns)], themes[(i/len(towns))%len(themes)]
		start := fmt.Sprintf("2027-%02d-%02d", 1+i%12, 1+i%28)
		docs[i] = fest(int64(i+1), fmt.Sprintf("%s %s Festival %d", town, theme, i), fmt.Sprintf(
			"Screenings, workshops and awards for %s cinema in %s, edition number %d, with guests from everywhere %x.",
			theme, town, i%50, i), "PT", town, start, start,
			cat(theme+" Film", dl(marquee.TierRegular, "2026-12-01", int64(i%40))))
	}
	return docs
}

// Run with: go test ./search -run '^$' -bench FestivalSearchTypo
// Matching (no page cache) of an exact query and of the same query with
// a typo over 10,000 festivals.
func BenchmarkFestivalSearchTypo(b *testing.B) {
	db := newFakeDB(benchDocs(10_000)...)
	var ix FestivalIndex
	if _, err := ix.Search(context.Background(), db, marquee.FestivalQuery{}, fixtureToday); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, text string }{
		{"exact", "lisbon documentary"}, {"typo", "lisbn documentary"}, {"exact-one", "melbourne"}, {"typo-one", "melborne"},
	} {
		q := marquee.FestivalQuery{Text: c.text}
		parsed := ParseQuery(q.Text)
		q.Normalize(fixtureToday, true)
		b.Run(c.name, func(b *testing.B) {
			ix.mu.RLock()
			defer ix.mu.RUnlock()
			if found := ix.match(q, parsed); found.total == 0 {
				b.Fatalf("%q finds nothing", c.text)
			}
			for b.Loop() {
				ix.match(q, parsed)
			}
		})
	}
	// The words one edit away from a query word, alone.
	b.Run("lookup-lisbn", func(b *testing.B) {
		ix.mu.RLock()
		defer ix.mu.RUnlock()
		live := func(w string) bool { return len(ix.postings[w]) > 0 }
		n := 0
		for b.Loop() {
			ix.typos.lookup("lisbn", live, func(string) { n++ })
		}
		if n == 0 {
			b.Fatal("lisbn is one edit from no word")
		}
	})
}

func TestCityIs(t *testing.T) {
	for _, tt := range []struct {
		city, key string
		want      bool
	}{
		{"tokyo", "tokyo", true}, {"tokyo, japan", "tokyo", true}, {"new york", "new york", true}, {"new york city", "new york", true},
		{"東京", "東京", true}, {"東京都", "京都", false}, {"kyotango", "kyoto", false}, {"", "", false}, {"york", "new york", false},
	} {
		if got := cityIs(tt.city, tt.key); got != tt.want {
			t.Errorf("cityIs(%q, %q) = %v", tt.city, tt.key, got)
		}
	}
}
