package store_test

import (
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestRankingMarksBelowMinimumJudges: the ranking marks the submissions
// scored by fewer judges than the festival's minimum (1 until the
// organiser sets it), which the settings keep.
func TestRankingMarksBelowMinimumJudges(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker := f.user("maker@example.com", "Maker")
		both, one, none := f.submission(maker, "both", f.catA), f.submission(maker, "one", f.catA), f.submission(maker, "none", f.catA)
		ann, bob := f.user("ann@example.com", "Ann"), f.user("bob@example.com", "Bob")
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignAll, JudgeIDs: []int64{f.judge(ann), f.judge(bob)}})
		f.mustScore(ann, both, 8)
		f.mustScore(bob, both, 6)
		f.mustScore(ann, one, 7)
		marks := func(when string, want map[int64]bool) {
			t.Helper()
			r := f.ranking()
			for id, below := range want {
				if r[id].BelowMinimumJudges != below {
					t.Errorf("%s: submission %d (%d judges) below the minimum: %v, want %v", when, id, r[id].Summary.Judges, r[id].BelowMinimumJudges, below)
				}
			}
		}
		st, err := f.svc.Submissions.Settings(as(f.org), f.fest.Slug)
		if err != nil || st.MinJudges != marquee.DefaultMinJudges {
			t.Fatalf("default settings %+v %v", st, err)
		}
		marks("by default", map[int64]bool{both: false, one: false, none: true})

		st, err = f.svc.Submissions.UpdateSettings(as(f.org), f.fest.Slug, marquee.SettingsChange{MinJudges: new(2)})
		if err != nil || st.MinJudges != 2 {
			t.Fatalf("set a minimum of 2: %+v %v", st, err)
		}
		if st, err = f.svc.Submissions.Settings(as(f.org), f.fest.Slug); err != nil || st.MinJudges != 2 {
			t.Fatalf("read back %+v %v", st, err)
		}
		marks("at 2", map[int64]bool{both: false, one: true, none: true})
		// Another setting's change keeps the minimum.
		if st, err = f.svc.Submissions.UpdateSettings(as(f.org), f.fest.Slug, marquee.SettingsChange{BlindReview: new(true)}); err != nil || st.MinJudges != 2 {
			t.Fatalf("blind review changed the minimum: %+v %v", st, err)
		}
		_, err = f.svc.Submissions.UpdateSettings(as(f.org), f.fest.Slug, marquee.SettingsChange{MinJudges: new(0)})
		wantCode(t, err, marquee.EInvalid)
	})
}
