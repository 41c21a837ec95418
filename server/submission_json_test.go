package server

import (
	"bytes"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// jsonTricky are strings encoding/json escapes in every way it has.
var jsonTricky = []string{"", "plain", "<b>&amp;</b>", "quote \" backslash \\ slash /", "tab\tnew\nline\rcr\bback\fform",
	"\x00\x01\x1f\x7f", "bad \xff\xfe utf-8 \xe6\x98", "line\u2028para\u2029", "映画 café 🎬", "'=cmd"}

// jsonFloats are values whose shortest forms differ in every way
// encoding/json writes floats.
var jsonFloats = []float64{0, math.Copysign(0, -1), 1, -1, 12.5, 1e-6, 9.99e-7, 1e-7, 1.5e-300, 5e-324, 1e20, 1e21, 1.2345e22,
	123456789.123, -3.3333333333333335, 0.1, 100, math.MaxFloat64}

// fillJSON sets every field of v (a struct, pointer, slice or scalar)
// to a value from n, so that a field the hand-written encoder does not
// know shows in the comparison.
func fillJSON(t *testing.T, v reflect.Value, n int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(jsonTricky[n%len(jsonTricky)])
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(n*7919 - 3))
	case reflect.Bool:
		v.SetBool(n%2 == 1)
	case reflect.Float64:
		v.SetFloat(jsonFloats[n%len(jsonFloats)])
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fillJSON(t, v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		fillJSON(t, v.Index(0), n)
		fillJSON(t, v.Index(1), n+1)
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			zone := time.FixedZone("x", (n%5-2)*3600)
			v.Set(reflect.ValueOf(time.Date(2026, time.Month(n%12+1), n%28+1, n%24, 7, 9, (n%3)*123456789, zone)))
			return
		}
		for i := range v.NumField() {
			fillJSON(t, v.Field(i), n+i)
		}
	default:
		t.Fatalf("fillJSON: a field of kind %s: teach the test and appendSubmission", v.Kind())
	}
}

// TestSubmissionPageJSON: the hand-written encoding of the organiser's
// list and the ranking writes the bytes writeJSON writes, with every
// field filled, with every field empty, and on tricky strings and floats.
func TestSubmissionPageJSON(t *testing.T) {
	var subs []*marquee.Submission
	for n := range 40 {
		s := &marquee.Submission{}
		fillJSON(t, reflect.ValueOf(s).Elem(), n)
		subs = append(subs, s)
	}
	subs = append(subs, &marquee.Submission{}, &marquee.Submission{Feedback: []string{}, Scores: &marquee.ScoreSummary{}}, nil)
	for i, f := range jsonFloats {
		v, w := f, -f
		subs = append(subs, &marquee.Submission{ID: int64(i), Scores: &marquee.ScoreSummary{Judges: i, Weighted: &v, Calibrated: &w, Spread: &v}})
	}
	var ranked []*marquee.RankedSubmission
	for n, s := range subs {
		r := &marquee.RankedSubmission{}
		fillJSON(t, reflect.ValueOf(r).Elem(), n)
		r.Submission = s
		ranked = append(ranked, r)
	}
	ranked = append(ranked, nil)
	same := func(t *testing.T, name string, want, got *httptest.ResponseRecorder) {
		t.Helper()
		if !bytes.Equal(want.Body.Bytes(), got.Body.Bytes()) {
			w, g := want.Body.String(), got.Body.String()
			at := 0
			for at < min(len(w), len(g)) && w[at] == g[at] {
				at++
			}
			t.Fatalf("%s: differs at byte %d:\nwant …%s\ngot  …%s", name, at, w[max(at-80, 0):min(at+80, len(w))], g[max(at-80, 0):min(at+80, len(g))])
		}
		if want.Code != got.Code || want.Header().Get("Content-Type") != got.Header().Get("Content-Type") {
			t.Fatalf("%s: status %d %q, want %d %q", name, got.Code, got.Header().Get("Content-Type"), want.Code, want.Header().Get("Content-Type"))
		}
	}
	for _, capped := range []bool{false, true} {
		for _, items := range [][]*marquee.Submission{subs, nil, {}} {
			p := &marquee.Page[*marquee.Submission]{Items: items, Total: 12345, Page: 3, PerPage: 50, TotalCapped: capped}
			want, got := httptest.NewRecorder(), httptest.NewRecorder()
			writeJSON(want, 200, p)
			writeSubmissionPage(got, p)
			same(t, "submissions", want, got)
		}
		for _, items := range [][]*marquee.RankedSubmission{ranked, nil, {}} {
			p := &marquee.Page[*marquee.RankedSubmission]{Items: items, Total: 5000, Page: 1, PerPage: 50, TotalCapped: capped}
			want, got := httptest.NewRecorder(), httptest.NewRecorder()
			writeJSON(want, 200, p)
			writeRankingPage(got, p)
			same(t, "ranking", want, got)
		}
	}
}

// FuzzSubmissionJSONString: any string is written as encoding/json writes it.
func FuzzSubmissionJSONString(f *testing.F) {
	for _, s := range jsonTricky {
		f.Add(s, 1.5)
	}
	f.Fuzz(func(t *testing.T, s string, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			v = 0
		}
		p := &marquee.Page[*marquee.Submission]{Items: []*marquee.Submission{{FilmTitle: s, Feedback: []string{s},
			Scores: &marquee.ScoreSummary{Weighted: &v}}}}
		want, got := httptest.NewRecorder(), httptest.NewRecorder()
		writeJSON(want, 200, p)
		writeSubmissionPage(got, p)
		if !bytes.Equal(want.Body.Bytes(), got.Body.Bytes()) {
			t.Fatalf("%q %v:\nwant %s\ngot  %s", s, v, want.Body, got.Body)
		}
	})
}

// BenchmarkSubmissionPageJSON: a page of 50 submissions as the organiser's
// list answers it, by encoding/json (writeJSON) and field by field.
func BenchmarkSubmissionPageJSON(b *testing.B) {
	created := time.Date(2026, 11, 27, 18, 28, 41, 975674000, time.UTC)
	p := &marquee.Page[*marquee.Submission]{Total: 5000, Page: 1, PerPage: 50}
	for i := range 50 {
		w, c, s := 61.5+float64(i)/3, 0.123456789*float64(i-25), 12.25
		p.Items = append(p.Items, &marquee.Submission{ID: int64(4000 + i), FilmID: int64(90000 + i), FilmTitle: "夏の終わりの映画 " + time.Duration(i).String(),
			FestivalID: 1, FestivalSlug: "matsumoto-youth-film-week", FestivalName: "松本青春映画週間", CategoryID: 1, CategoryName: "Short fiction",
			FilmmakerID: int64(123456 + i), FilmmakerName: "Filmmaker 123456", FilmmakerEmail: "seed-0123456@example.test", Country: "JP",
			Tier: "regular", FeeCredits: 30, PaidCredits: 30, Status: marquee.SubmissionStatus("submitted"), Feedback: []string{}, Language: "ja",
			CreatedAt: created, Scores: &marquee.ScoreSummary{Judges: 3, Weighted: &w, Calibrated: &c, Spread: &s}})
	}
	for _, c := range []struct {
		name  string
		write func(http.ResponseWriter)
	}{
		{"encoding-json", func(w http.ResponseWriter) { writeJSON(w, 200, p) }},
		{"by-field", func(w http.ResponseWriter) { writeSubmissionPage(w, p) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			w := discardWriter{http.Header{}}
			for b.Loop() {
				c.write(w)
			}
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing.
type discardWriter struct{ h http.Header }

func (w discardWriter) Header() http.Header         { return w.h }
func (w discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w discardWriter) WriteHeader(int)             {}
