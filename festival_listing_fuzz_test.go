package marquee_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzDecodeFestivalListing: a listing that decodes re-encodes to a
// listing that decodes to the same festival and encodes the same again
// (encoding is a fixed point after one round), keeps its bytes as the
// festival's Listing, and every listing the search writes from it (its
// own bytes, or one encoded now) is one valid JSON object holding the
// day's nextDeadline and minFee.
func FuzzDecodeFestivalListing(f *testing.F) {
	fee := int64(12)
	seed := &marquee.Festival{ID: 7, Slug: "tokyo-shorts", FestivalDetails: marquee.FestivalDetails{
		Name: `Tokyo "Shorts" <&> 東京`, Description: "Line one\nline two\t\u2028", Country: "JP", City: "Tokyo",
		StartDate: "2027-01-02", EndDate: "2027-01-05"}, Status: marquee.FestivalApproved, Version: 3, MinFee: &fee}
	b, err := marquee.EncodeFestivalListing(seed)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	for _, s := range []string{`{}`, `{ }`, ` {"id":1} `, `{"id":1,"name":"\ud800"}`, `{"createdAt":"2026-01-02T03:04:05.123456789+09:00"}`,
		`{"reviewedAt":null,"minFee":5,"nextDeadline":"2026-01-01","featured":true}`, `{"deadlinesAnnounced":false,"categories":[{"id":1}]}`,
		`null`, `[]`, `{"id":"1"}`, "{\"name\":\"\xff\"}", `{"Name":"case","NAME":"fold"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fest, err := marquee.DecodeFestivalListing(data)
		if err != nil {
			return
		}
		if !bytes.Equal(fest.Listing, data) {
			t.Fatalf("Listing %q, want the bytes decoded %q", fest.Listing, data)
		}
		// The listing as the search writes it from the bytes it holds.
		if out, err := marquee.AppendFestivalListing(nil, fest); err == nil {
			checkListing(t, out, fest)
		}
		once, err := marquee.EncodeFestivalListing(fest)
		if err != nil {
			// Only a time json cannot write (a year past 9999) fails.
			return
		}
		again, err := marquee.DecodeFestivalListing(once)
		if err != nil {
			t.Fatalf("re-encoded listing %s does not decode: %v", once, err)
		}
		twice, err := marquee.EncodeFestivalListing(again)
		if err != nil || !bytes.Equal(once, twice) {
			t.Fatalf("listing re-encodes as\n%s\nthen\n%s (%v)", once, twice, err)
		}
		again.Listing = nil // encoded on the fly
		out, err := marquee.AppendFestivalListing(nil, again)
		if err != nil {
			t.Fatalf("AppendFestivalListing: %v", err)
		}
		checkListing(t, out, again)
	})
}

// checkListing checks that out is one JSON object with fest's nextDeadline
// and minFee.
func checkListing(t *testing.T, out []byte, fest *marquee.Festival) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(out, &m); err != nil || !json.Valid(out) {
		t.Fatalf("listing written %q is not a JSON object: %v", out, err)
	}
	var next string
	var minFee *int64
	if json.Unmarshal(m["nextDeadline"], &next) != nil || json.Unmarshal(m["minFee"], &minFee) != nil ||
		next != fest.NextDeadline || (minFee == nil) != (fest.MinFee == nil) || minFee != nil && *minFee != *fest.MinFee {
		t.Fatalf("listing written %s: nextDeadline %s, minFee %s, want %q, %v", out, m["nextDeadline"], m["minFee"], fest.NextDeadline, fest.MinFee)
	}
}
