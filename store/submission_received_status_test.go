package store_test

import (
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The organiser's list shows each entry's status with the entry (read in
// the list's own query), on every sort and for scored and unscored entries
// alike, and none for an entry without one; a page that holds both kinds
// in calibrated order shows both.
func TestReceivedShowsEntryStatuses(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker, judge := f.user("maker@example.com", "Maker"), f.user("judge@example.com", "Judge")
		var subs []int64
		for _, title := range []string{"Harbour", "Lantern", "Tide", "Drift"} {
			subs = append(subs, f.submission(maker, title, f.catA))
		}
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{f.judge(judge)}})
		f.mustScore(judge, subs[0], 7)
		f.mustScore(judge, subs[1], 4)

		m := f.svc.Domain().SubmissionManagement
		semi, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Preset: marquee.EntryStatusSemiFinalist})
		if err != nil {
			t.Fatal(err)
		}
		short, err := m.AddEntryStatus(as(f.org), f.fest.Slug, marquee.NewEntryStatus{Name: "Shortlist"})
		if err != nil {
			t.Fatal(err)
		}
		// A scored and an unscored entry with one status, an unscored one with
		// the other, a scored one with none.
		if err := m.SetEntryStatus(as(f.org), f.fest.Slug, marquee.EntryStatusChange{IDs: []int64{subs[0], subs[2]}, StatusID: semi.ID}); err != nil {
			t.Fatal(err)
		}
		if err := m.SetEntryStatus(as(f.org), f.fest.Slug, marquee.EntryStatusChange{IDs: []int64{subs[3]}, StatusID: short.ID}); err != nil {
			t.Fatal(err)
		}
		want := map[int64]*marquee.EntryStatus{subs[0]: semi, subs[2]: semi, subs[3]: short}

		for _, sort := range []string{marquee.ReceivedSortDate, marquee.ReceivedSortScore, marquee.ReceivedSortCalibrated} {
			for _, filter := range []marquee.ReceivedFilter{{Sort: sort}, {Sort: sort, CategoryID: f.catA}, {Sort: sort, Flag: marquee.FlagFilterNone}} {
				page, err := f.svc.Submissions.Received(as(f.org), f.fest.Slug, filter)
				if err != nil {
					t.Fatalf("%+v: %v", filter, err)
				}
				if len(page.Items) != len(subs) || page.Total != int64(len(subs)) {
					t.Fatalf("%+v: %d items of %d", filter, len(page.Items), page.Total)
				}
				for _, it := range page.Items {
					w, got := want[it.ID], it.EntryStatus
					switch {
					case w == nil && got != nil:
						t.Fatalf("%+v: submission %d shows status %+v, it has none", filter, it.ID, got)
					case w != nil && (got == nil || got.ID != w.ID || got.Name != w.Name || got.Preset != w.Preset):
						t.Fatalf("%+v: submission %d shows status %+v, want %+v", filter, it.ID, got, w)
					}
				}
			}
		}
		// Filtered by a status (a count of its own): only its entries, with it.
		page, err := f.svc.Submissions.Received(as(f.org), f.fest.Slug, marquee.ReceivedFilter{Sort: marquee.ReceivedSortCalibrated, EntryStatusID: semi.ID})
		if err != nil || page.Total != 2 || len(page.Items) != 2 {
			t.Fatalf("filtered by status: %+v %v", page, err)
		}
		for _, it := range page.Items {
			if it.EntryStatus == nil || it.EntryStatus.ID != semi.ID {
				t.Fatalf("filtered by status: submission %d shows %+v", it.ID, it.EntryStatus)
			}
		}
	})
}
