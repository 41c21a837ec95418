package marquee_test

import (
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestAnonymiseFilmPeople(t *testing.T) {
	const anon = marquee.DeletedUserName
	for _, tc := range []struct {
		name, director, credit string
		wantDirector, wantCred string
		changed                bool
	}{
		{"Quinta Vexley", "Quinta Vexley", "Quinta Vexley", anon, anon, true},
		{"Quinta Vexley", "", "QUINTA  VEXLEY", "", anon, true},
		{"Quinta Vexley", "Aiko Mori", "Aiko and quinta vexley", "Aiko Mori", "Aiko and " + anon, true},
		{"Quinta Vexley", "Quinta Vexley, Aiko Mori", "Quinta Vexley & Quinta Vexley", anon + ", Aiko Mori", anon + " & " + anon, true},
		// Whole words only.
		{"Al", "Alice", "Al Green", "Alice", anon + " Green", true},
		{"Quinta Vexley", "Quinta Vexleys", "AQuinta Vexley", "Quinta Vexleys", "AQuinta Vexley", false},
		{"Quinta Vexley", "Quinta", "Vexley", "Quinta", "Vexley", false},
		// Scripts written without spaces: the name inside other letters.
		{"山田太郎", "山田太郎監督", "撮影・山田太郎", anon + "監督", "撮影・" + anon, true},
		{"Élodie Brun", "ÉLODIE BRUN", "élodie brun", anon, anon, true},
		// An empty name changes nothing.
		{"  ", "Aiko", "Aiko", "Aiko", "Aiko", false},
	} {
		credits := []marquee.FilmCredit{{Name: tc.credit, Role: "Writer"}, {Name: "Someone Else", Role: "Editor"}}
		director, got, changed := marquee.AnonymiseFilmPeople(tc.director, credits, tc.name)
		want := []marquee.FilmCredit{{Name: tc.wantCred, Role: "Writer"}, {Name: "Someone Else", Role: "Editor"}}
		if director != tc.wantDirector || !slices.Equal(got, want) || changed != tc.changed {
			t.Errorf("%q in (%q, %q): got (%q, %+v, %v), want (%q, %+v, %v)", tc.name, tc.director, tc.credit, director, got, changed, tc.wantDirector, want, tc.changed)
		}
		if credits[0].Name != tc.credit {
			t.Errorf("%q: the credits given were changed", tc.name)
		}
	}
}
