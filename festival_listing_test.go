package marquee

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	short := "Short films from everywhere."
	if got := Excerpt(short, 280); got != short {
		t.Errorf("short text changed: %q", got)
	}
	long := strings.Repeat("festival ", 100)
	got := Excerpt(long, 280)
	if !strings.HasSuffix(got, "…") || utf8.RuneCountInString(got) > 281 || strings.Contains(got, "festival …") {
		t.Errorf("long English text: %q", got)
	}
	cjk := strings.Repeat("映画祭", 200)
	got = Excerpt(cjk, 280)
	if utf8.RuneCountInString(got) != 281 || !strings.HasPrefix(cjk, strings.TrimSuffix(got, "…")) {
		t.Errorf("CJK text cut badly: %d runes", utf8.RuneCountInString(got))
	}
}

// The listing written from a festival's pre-encoded JSON must decode to
// what encoding the festival itself gives (less categories, criteria and
// revision), for open and closed festivals and texts that need escapes.
func TestAppendFestivalListPageMatchesEncoding(t *testing.T) {
	fee := int64(12)
	reviewed := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	open := &Festival{ID: 7, Slug: "tokyo-shorts", FestivalDetails: FestivalDetails{
		Name: `Tokyo "Shorts" <&> 東京`, Description: "Line one\nline two\t\u2028", Location: "Shibuya, Tokyo", Country: "JP",
		City: "Tokyo", Website: "https://example.com/?a=1&b=2", StartDate: "2027-01-02", EndDate: "2027-01-05", ContactEmail: "a@example.com"},
		Status: FestivalApproved, Version: 3, NextDeadline: "2026-12-01", MinFee: &fee,
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), UpdatedAt: time.Date(2026, 2, 3, 4, 5, 6, 7, time.UTC), ReviewedAt: &reviewed,
		Categories: []Category{{ID: 1, Name: "Short"}}, Criteria: []Criterion{{ID: 2, Name: "Story"}}}
	closed := &Festival{ID: 8, Slug: "closed", FestivalDetails: FestivalDetails{Name: "Closed"}, Status: FestivalApproved}
	var err error
	if open.Listing, err = EncodeFestivalListing(open); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(open.Listing), "nextDeadline") || strings.Contains(string(open.Listing), "categories") {
		t.Fatalf("the pre-encoded listing holds a day's or a full festival's field: %s", open.Listing)
	}
	// closed has no Listing: it is encoded on the fly.
	page := &FestivalPage{Items: []*Festival{open, closed}, Total: 42, Page: 3, PerPage: 2}
	got, err := AppendFestivalListPage(nil, page)
	if err != nil {
		t.Fatal(err)
	}
	plain := *page
	plain.Items = nil
	for _, f := range page.Items {
		c := *f
		c.Categories, c.Criteria, c.Revision = nil, nil, nil
		plain.Items = append(plain.Items, &c)
	}
	want, err := json.Marshal(&plain)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, got)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("listing page differs from the festival's encoding:\n got %s\nwant %s", got, want)
	}
	empty, err := AppendFestivalListPage(nil, &FestivalPage{Items: []*Festival{}, Page: 1, PerPage: 20})
	if err != nil || string(empty) != `{"items":[],"total":0,"page":1,"perPage":20}` {
		t.Fatalf("empty page = %s, %v", empty, err)
	}
}

// A festival decoded from its listing has every field the listing
// shows, equal to the festival's own, and none it leaves out.
func TestDecodeFestivalListing(t *testing.T) {
	reviewed := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	announced := true
	f := &Festival{ID: 7, Slug: "tokyo-shorts", FestivalDetails: FestivalDetails{
		Name: `Tokyo "Shorts" <&> 東京`, Description: "Line one\nline two\t\u2028", Location: "Shibuya, Tokyo", Country: "JP",
		City: "Tokyo", Website: "https://example.com/?a=1&b=2", StartDate: "2027-01-02", EndDate: "2027-01-05", ContactEmail: "a@example.com"},
		Status: FestivalApproved, RejectionReason: "Was a duplicate", Version: 3, DeadlinesAnnounced: &announced,
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), UpdatedAt: time.Date(2026, 2, 3, 4, 5, 6, 7, time.UTC), ReviewedAt: &reviewed,
		Featured: true}
	listing, err := EncodeFestivalListing(f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeFestivalListing(listing)
	if err != nil {
		t.Fatal(err)
	}
	if &got.Listing[0] != &listing[0] {
		t.Error("Listing is not the decoded bytes")
	}
	got.Listing = nil
	if !got.CreatedAt.Equal(f.CreatedAt) || !got.UpdatedAt.Equal(f.UpdatedAt) || got.ReviewedAt == nil || !got.ReviewedAt.Equal(reviewed) {
		t.Fatalf("times: %+v", got)
	}
	got.CreatedAt, got.UpdatedAt, got.ReviewedAt = f.CreatedAt, f.UpdatedAt, f.ReviewedAt
	if !reflect.DeepEqual(got, f) {
		t.Fatalf("decoded\n%+v\nwant\n%+v", got, f)
	}
	if _, err := DecodeFestivalListing([]byte(`{"id":`)); err == nil {
		t.Error("a cut listing decoded")
	}
}

// A listing with white space around it or inside an empty object (any
// object DecodeFestivalListing reads) is written as one JSON object: the
// fuzz target FuzzDecodeFestivalListing found "{ }" written as
// `{ ,"nextDeadline":...}`.
func TestAppendFestivalListingWhiteSpace(t *testing.T) {
	for _, listing := range []string{`{}`, `{ }`, " {\n}\t", `{"id":1} `, ` { "id" : 1 } `} {
		f, err := DecodeFestivalListing([]byte(listing))
		if err != nil {
			t.Fatalf("decode %q: %v", listing, err)
		}
		out, err := AppendFestivalListing(nil, f)
		if err != nil || !json.Valid(out) {
			t.Errorf("listing %q written as %q (%v)", listing, out, err)
		}
	}
}
