package marquee

import (
	"reflect"
	"slices"
	"testing"
	"time"
)

// fillAll sets every exported field of the struct v points to (embedded
// structs' fields too) to a non-zero value.
func fillAll(t *testing.T, v reflect.Value) {
	t.Helper()
	for i := range v.NumField() {
		fv, sf := v.Field(i), v.Type().Field(i)
		if !sf.IsExported() {
			continue
		}
		switch fv.Kind() {
		case reflect.String:
			fv.SetString("x-" + sf.Name)
		case reflect.Int, reflect.Int64:
			fv.SetInt(int64(7 + i))
		case reflect.Float64:
			fv.SetFloat(1.5)
		case reflect.Bool:
			fv.SetBool(true)
		case reflect.Slice:
			s := reflect.MakeSlice(fv.Type(), 1, 1)
			if e := s.Index(0); e.Kind() == reflect.Struct {
				fillAll(t, e)
			} else if e.Kind() == reflect.String {
				e.SetString("x-" + sf.Name)
			}
			fv.Set(s)
		case reflect.Pointer:
			p := reflect.New(fv.Type().Elem())
			if p.Elem().Kind() == reflect.Struct && p.Elem().Type() != reflect.TypeFor[time.Time]() {
				fillAll(t, p.Elem())
			} else if p.Elem().Type() == reflect.TypeFor[time.Time]() {
				p.Elem().Set(reflect.ValueOf(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
			}
			fv.Set(p)
		case reflect.Struct:
			if fv.Type() == reflect.TypeFor[time.Time]() {
				fv.Set(reflect.ValueOf(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
			} else {
				fillAll(t, fv)
			}
		default:
			t.Fatalf("fillAll: field %s of kind %s", sf.Name, fv.Kind())
		}
	}
}

// shown lists the exported fields of the struct v points to (embedded
// structs' fields by their own names) that are not zero; an empty slice
// counts as zero.
func shown(v reflect.Value) []string {
	var out []string
	for i := range v.NumField() {
		fv, sf := v.Field(i), v.Type().Field(i)
		switch {
		case !sf.IsExported():
		case sf.Anonymous && fv.Kind() == reflect.Struct:
			out = append(out, shown(fv)...)
		case fv.Kind() == reflect.Slice && fv.Len() == 0:
		case !fv.IsZero():
			out = append(out, sf.Name)
		}
	}
	slices.Sort(out)
	return out
}

// TestJudgeView lists, field by field, what a judge sees of a submission
// and its film, with and without blind review. A field added to
// Submission or Film fails here until it is placed in one of the lists
// (and JudgeView copies it, or not).
func TestJudgeView(t *testing.T) {
	var sub Submission
	var film Film
	fillAll(t, reflect.ValueOf(&sub).Elem())
	fillAll(t, reflect.ValueOf(&film).Elem())

	subAlways := []string{"AwardName", "CategoryID", "CategoryName", "Country", "CreatedAt", "DecidedAt", "FestivalID",
		"FestivalName", "FestivalSlug", "FilmID", "FilmTitle", "ID", "Status", "Tier", "WithdrawnAt"}
	subFilmmaker := []string{"FilmmakerEmail", "FilmmakerID", "FilmmakerName"}
	subNever := []string{"EntryStatus", "FeeCredits", "Feedback", "Flag", "Language", "PaidCredits", "RefundedCredits", "Scores", "WaiverCode"}
	filmAlways := []string{"Country", "CreatedAt", "Genre", "ID", "Language", "Logline", "OriginalTitle", "PosterImages", "PosterURL",
		"RuntimeMinutes", "ScreenerPassword", "ScreenerURL", "Synopsis", "Title", "UpdatedAt", "Year"}
	filmMaker := []string{"Credits", "Director", "OwnerID"}
	filmNever := []string{"ActiveSubmissions", "Public"}

	// Every field of both types is in one list.
	for _, c := range []struct {
		all   []string
		lists [][]string
	}{
		{shown(reflect.ValueOf(&sub).Elem()), [][]string{subAlways, subFilmmaker, subNever}},
		{shown(reflect.ValueOf(&film).Elem()), [][]string{filmAlways, filmMaker, filmNever}},
	} {
		listed := slices.Sorted(slices.Values(slices.Concat(c.lists...)))
		if !slices.Equal(c.all, listed) {
			t.Fatalf("fields %v, listed %v: place each new field in a list and in JudgeView", c.all, listed)
		}
	}

	for _, tc := range []struct {
		name       string
		blind      bool
		sub, films []string
	}{
		{"open review", false, slices.Concat(subAlways, subFilmmaker), slices.Concat(filmAlways, filmMaker)},
		{"blind review", true, subAlways, filmAlways},
	} {
		before, beforeFilm := sub, film
		js, jf := JudgeView(&sub, &film, tc.blind)
		if got, want := shown(reflect.ValueOf(js).Elem()), slices.Sorted(slices.Values(tc.sub)); !slices.Equal(got, want) {
			t.Errorf("%s: submission shows %v, want %v", tc.name, got, want)
		}
		if got, want := shown(reflect.ValueOf(jf).Elem()), slices.Sorted(slices.Values(tc.films)); !slices.Equal(got, want) {
			t.Errorf("%s: film shows %v, want %v", tc.name, got, want)
		}
		// JSON never says null where the API promises a list.
		if js.Feedback == nil || jf.Credits == nil {
			t.Errorf("%s: nil list: feedback %v credits %v", tc.name, js.Feedback, jf.Credits)
		}
		// The originals are left as they were; the copies share no list.
		if !reflect.DeepEqual(sub, before) || !reflect.DeepEqual(film, beforeFilm) {
			t.Errorf("%s: JudgeView changed its arguments", tc.name)
		}
		if len(jf.Credits) > 0 && &jf.Credits[0] == &film.Credits[0] {
			t.Errorf("%s: credits shared with the original", tc.name)
		}
	}
	if s, f := JudgeView(nil, nil, true); s != nil || f != nil {
		t.Fatalf("nil in, %v %v out", s, f)
	}
}
