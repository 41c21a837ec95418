package marquee

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// TestEncodePublicFestivalPage: the page is the bytes the festival page's
// API answered before pages were kept encoded (a json.Encoder writing
// {"festival": ...} of the festival with its categories as a list and no
// criteria or revision), HTML characters escaped; the festival it was
// made from keeps its criteria and revision; its ETag follows its bytes.
func TestEncodePublicFestivalPage(t *testing.T) {
	minFee, announced := int64(10), true
	reviewed := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	f := &Festival{ID: 7, Slug: "lisbon-short-film-days", FestivalDetails: FestivalDetails{Name: "Lisbon <Short> & \"Film\" Days",
		Description: "Three days.\nBy the river. 映画", Location: "Cinema", Country: "PT", City: "Lisbon", Website: "https://x.example/?a=1&b=2",
		StartDate: "2026-09-01", EndDate: "2026-09-04", ContactEmail: "team@x.example"},
		Status: FestivalApproved, Version: 4, NextDeadline: "2026-04-01", MinFee: &minFee, DeadlinesAnnounced: &announced,
		CreatedAt: reviewed.Add(-time.Hour), UpdatedAt: reviewed, ReviewedAt: &reviewed,
		Categories: []Category{{ID: 3, Name: "Shorts", Description: "Under 20 minutes.",
			Deadlines: []Deadline{{Tier: TierEarly, Date: "2026-04-01", Fee: 10}}, Current: &Deadline{Tier: TierEarly, Date: "2026-04-01", Fee: 10}}},
		Criteria: []Criterion{{ID: 1, Name: "Story", Weight: 1, MaxScore: 10}},
		Revision: &FestivalRevision{ID: 2}}
	// The answer as the handler wrote it before (server/festival_json.go's
	// PublicFestival, through writeJSON).
	type publicFestivalBefore struct {
		*Festival
		Categories []Category `json:"categories"`
	}
	before := func(f *Festival) []byte {
		c := *f
		out := publicFestivalBefore{Festival: &c, Categories: c.Categories}
		out.Criteria, out.Revision = nil, nil
		if out.Categories == nil {
			out.Categories = []Category{}
		}
		var b bytes.Buffer
		if err := json.NewEncoder(&b).Encode(map[string]any{"festival": out}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	noCategories := *f
	noCategories.Categories, noCategories.MinFee, noCategories.ReviewedAt = nil, nil, nil
	for _, f := range []*Festival{f, &noCategories} {
		p, err := EncodePublicFestivalPage(f)
		if err != nil {
			t.Fatal(err)
		}
		if want := before(f); !bytes.Equal(p.JSON, want) {
			t.Fatalf("page\n%s\nwant\n%s", p.JSON, want)
		}
		if bytes.Contains(p.JSON, []byte("Story")) || bytes.Contains(p.JSON, []byte(`"revision"`)) || !bytes.Contains(p.JSON, []byte(`\u003cShort\u003e`)) {
			t.Fatalf("page %s", p.JSON)
		}
		if len(f.Criteria) != 1 || f.Revision == nil {
			t.Fatal("encoding the page changed the festival")
		}
		again, _ := EncodePublicFestivalPage(f)
		if again.ETag != p.ETag || len(p.ETag) < 10 || p.ETag[0] != '"' || p.ETag[len(p.ETag)-1] != '"' {
			t.Fatalf("ETag %s, again %s", p.ETag, again.ETag)
		}
	}
	p1, _ := EncodePublicFestivalPage(f)
	p2, _ := EncodePublicFestivalPage(&noCategories)
	if p1.ETag == p2.ETag {
		t.Fatal("two pages, one ETag")
	}
}
