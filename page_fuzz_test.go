package marquee_test

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzParsePageNumber: a page number is always within 1..PageMax; "" is
// page 1; anything else is accepted exactly when it is a whole number in
// that range, and then it is that number.
func FuzzParsePageNumber(f *testing.F) {
	for _, s := range []string{"", "1", "2", "10000", "10001", "0", "-1", "+3", "007", " 5", "1e3", "99999999999999999999", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var fe marquee.FieldErrors
		n := marquee.ParsePageNumber(v, &fe)
		if n < 1 || n > marquee.PageMax {
			t.Fatalf("ParsePageNumber(%q) = %d, outside 1..%d", v, n, marquee.PageMax)
		}
		want, err := strconv.Atoi(v)
		valid := v == "" || err == nil && want >= 1 && want <= marquee.PageMax
		if valid != fe.Empty() {
			t.Fatalf("ParsePageNumber(%q): accepted %v, want %v", v, fe.Empty(), valid)
		}
		switch {
		case !valid:
			if n != 1 || !fe.Has("page") {
				t.Fatalf("ParsePageNumber(%q) refused as page %d with %v", v, n, fe.Err())
			}
		case v == "":
			if n != 1 {
				t.Fatalf(`ParsePageNumber("") = %d`, n)
			}
		case n != want:
			t.Fatalf("ParsePageNumber(%q) = %d, want %d", v, n, want)
		}
		if off := (marquee.PageRequest{Page: n, PerPage: 50}).Offset(); off < 0 || off != (n-1)*50 {
			t.Fatalf("page %d: offset %d", n, off)
		}
	})
}

// receivedFields are the fields ParseReceivedFilter may name.
var receivedFields = map[string]bool{"category": true, "status": true, "country": true, "flag": true,
	"minScore": true, "maxScore": true, "sort": true, "page": true}

// FuzzParseReceivedFilter: an organiser's list filter read from any query
// string either fails with field errors under its own parameters or holds
// only values the store's queries know: a positive category, a known
// status, country and flag, scores within 0..100 in order, a known sort
// and a page within bounds.
func FuzzParseReceivedFilter(f *testing.F) {
	for _, s := range []string{"", "category=3&status=selected&country=jp&flag=none&minScore=10&maxScore=90.5&sort=score&page=2",
		"minScore=NaN", "minScore=50&maxScore=40", "flag=needs_review", "sort=calibrated", "category=-1", "country=XX",
		"minScore=1e2", "maxScore=Inf", "page=0", "status=all&flag=all", "%zz", "minScore=0x1p-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		q, _ := url.ParseQuery(raw) // what the server's r.URL.Query() gives, malformed pairs left out
		r, err := marquee.ParseReceivedFilter(q)
		if err != nil {
			fields := marquee.ErrorFields(err)
			if marquee.ErrorCode(err) != marquee.EInvalid || len(fields) == 0 {
				t.Fatalf("ParseReceivedFilter(%q): %v", raw, err)
			}
			for k := range fields {
				if !receivedFields[k] {
					t.Fatalf("ParseReceivedFilter(%q): unknown field %q", raw, k)
				}
			}
			return
		}
		switch {
		case r.CategoryID < 0:
			t.Fatalf("ParseReceivedFilter(%q): category %d", raw, r.CategoryID)
		case r.Status != "" && !r.Status.Valid():
			t.Fatalf("ParseReceivedFilter(%q): status %q", raw, r.Status)
		case r.Country != "" && !marquee.ValidCountry(r.Country):
			t.Fatalf("ParseReceivedFilter(%q): country %q", raw, r.Country)
		case r.Flag != "" && r.Flag != marquee.FlagFilterNone && (r.Flag == string(marquee.FlagNone) || !marquee.SubmissionFlag(r.Flag).Valid()):
			t.Fatalf("ParseReceivedFilter(%q): flag %q", raw, r.Flag)
		case r.Sort != marquee.ReceivedSortDate && r.Sort != marquee.ReceivedSortScore && r.Sort != marquee.ReceivedSortCalibrated:
			t.Fatalf("ParseReceivedFilter(%q): sort %q", raw, r.Sort)
		case r.Page < 1 || r.Page > marquee.PageMax || r.PerPage != marquee.ReceivedPerPage:
			t.Fatalf("ParseReceivedFilter(%q): page %d of %d", raw, r.Page, r.PerPage)
		}
		for _, s := range []*float64{r.MinScore, r.MaxScore} {
			if s != nil && !(*s >= 0 && *s <= 100) {
				t.Fatalf("ParseReceivedFilter(%q): score %v", raw, *s)
			}
		}
		if r.MinScore != nil && r.MaxScore != nil && *r.MinScore > *r.MaxScore {
			t.Fatalf("ParseReceivedFilter(%q): scores %v > %v", raw, *r.MinScore, *r.MaxScore)
		}
	})
}

// FuzzParseStatusFilters: each ?status= (and ?range=) parser of the lists
// accepts exactly its own words, spaces around them allowed, and answers
// one of the values its list knows; anything else is a field error and
// the default.
func FuzzParseStatusFilters(f *testing.F) {
	for _, s := range []string{"", "all", "pending", " approved ", "rejected", "revision", "open", "handled", "queued",
		"sent", "failed", "kept", "held", "succeeded", "refunded", "submitted", "award_winner", "withdrawn",
		"7d", "30d", "90d", "ALL", "Pending", "approved\x00", "\u00a0open"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		// accepted maps what the parser takes (trimmed) to what it answers.
		check := func(name string, got string, fe *marquee.FieldErrors, field, def string, accepted map[string]string) {
			t.Helper()
			want, ok := accepted[strings.TrimSpace(v)]
			if ok != fe.Empty() {
				t.Fatalf("%s(%q): accepted %v, want %v", name, v, fe.Empty(), ok)
			}
			if !ok {
				want = def
				if !fe.Has(field) {
					t.Fatalf("%s(%q): refused without a %q field error", name, v, field)
				}
			}
			if got != want {
				t.Fatalf("%s(%q) = %q, want %q", name, v, got, want)
			}
		}
		same := func(words ...string) map[string]string {
			m := map[string]string{}
			for _, w := range words {
				m[w] = w
			}
			return m
		}
		var fe marquee.FieldErrors
		fs := marquee.ParseFestivalStatusFilter(v, &fe)
		check("ParseFestivalStatusFilter", string(fs), &fe, "status", "pending",
			map[string]string{"": "pending", "all": "", "pending": "pending", "approved": "approved", "rejected": "rejected"})

		fe = marquee.FieldErrors{}
		rf := marquee.ParseFestivalReviewFilter(v, &fe)
		if rf.Revisions != (strings.TrimSpace(v) == marquee.FestivalReviewFilterRevision) ||
			rf.Revisions && (rf.Status != marquee.FestivalApproved || !fe.Empty()) {
			t.Fatalf("ParseFestivalReviewFilter(%q) = %+v, %v", v, rf, fe.Err())
		}

		fe = marquee.FieldErrors{}
		cs := marquee.ParseContactStatus(v, &fe)
		check("ParseContactStatus", string(cs), &fe, "status", "open",
			map[string]string{"": "open", "open": "open", "handled": "handled", "all": "all"})

		fe = marquee.FieldErrors{}
		ms := marquee.ParseMailStatusFilter(v, &fe)
		accepted := same("queued", "sent", "failed", "kept", "held")
		accepted[""], accepted["all"] = "", ""
		check("ParseMailStatusFilter", string(ms), &fe, "status", "", accepted)

		fe = marquee.FieldErrors{}
		ps := marquee.ParsePurchaseStatusFilter(v, &fe)
		accepted = same("pending", "succeeded", "failed", "refunded")
		accepted[""], accepted["all"] = "", ""
		check("ParsePurchaseStatusFilter", string(ps), &fe, "status", "", accepted)

		fe = marquee.FieldErrors{}
		ss := marquee.ParseSubmissionStatusFilter(v, &fe)
		accepted = same("submitted", "in_consideration", "selected", "not_selected", "finalist", "award_winner", "withdrawn")
		accepted[""], accepted["all"] = "", ""
		check("ParseSubmissionStatusFilter", string(ss), &fe, "status", "", accepted)

		rg, err := marquee.ParseAnalyticsRange(v)
		fe = marquee.FieldErrors{}
		if err != nil {
			fe.Add("range", "refused")
			if marquee.ErrorCode(err) != marquee.EInvalid {
				t.Fatalf("ParseAnalyticsRange(%q): %v", v, err)
			}
		}
		accepted = same("7d", "30d", "90d", "all")
		accepted[""] = "30d"
		check("ParseAnalyticsRange", string(rg), &fe, "range", "", accepted)
	})
}
