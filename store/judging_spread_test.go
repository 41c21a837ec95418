package store_test

import (
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestSpreadEvenlyBetweenTwoJudges: "Spread evenly" with two judges gives
// each submission to one of them, three each, whatever they held before
// (both everything by a spread of 2, or by scope all); a judge keeps what
// they scored; running it again changes nothing.
func TestSpreadEvenlyBetweenTwoJudges(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker := f.user("maker@example.com", "Maker")
		var subs []int64
		for i := range 6 {
			subs = append(subs, f.submission(maker, "film"+string(rune('a'+i)), f.catA))
		}
		ann, bob := f.user("ann@example.com", "Ann"), f.user("bob@example.com", "Bob")
		judges := []int64{f.judge(ann), f.judge(bob)}
		// shared checks that each submission is in exactly one queue, with
		// the loads 3 and 3, and returns the queues.
		shared := func(when string) (a, b []int64) {
			t.Helper()
			a, b = f.queueIDs(ann), f.queueIDs(bob)
			if len(a) != 3 || len(b) != 3 {
				t.Fatalf("%s: loads %d and %d, want 3 and 3 (%v, %v)", when, len(a), len(b), a, b)
			}
			for _, s := range subs {
				if slices.Contains(a, s) == slices.Contains(b, s) {
					t.Fatalf("%s: submission %d is in %v and %v", when, s, a, b)
				}
			}
			return a, b
		}

		// The UI's old default: 2 judges a submission, so both get all.
		if n := f.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpread, JudgeIDs: judges, PerSubmission: 2}); n != 12 {
			t.Fatalf("spread of 2 added %d, want 12", n)
		}
		// Spread evenly (no count: one judge a submission) shares them.
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpread, JudgeIDs: judges})
		a, b := shared("after the spread of 1")
		if n := f.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpread, JudgeIDs: judges, PerSubmission: 1}); n != 0 {
			t.Fatalf("a second spread added %d", n)
		}
		if a2, b2 := shared("after the second spread"); !slices.Equal(a, a2) || !slices.Equal(b, b2) {
			t.Fatalf("a second spread moved submissions: %v %v, then %v %v", a, b, a2, b2)
		}

		// Both given every submission by scope (All), then spread evenly;
		// Ann scored two of Bob's first: she keeps those.
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignAll, JudgeIDs: judges})
		f.mustScore(ann, b[0], 6)
		f.mustScore(ann, b[1], 7)
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpread, JudgeIDs: judges})
		a, _ = shared("after all, then spread")
		if !slices.Contains(a, b[0]) || !slices.Contains(a, b[1]) {
			t.Fatalf("Ann lost submissions she scored: her queue %v, scored %d and %d", a, b[0], b[1])
		}
		list, err := f.svc.Judging.Judges(as(f.org), f.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range list {
			if j.Scope != marquee.JudgeScopeSpecific || j.Assigned != 3 {
				t.Fatalf("judge %d: scope %q, %d assigned after the spread", j.ID, j.Scope, j.Assigned)
			}
		}

		// Scope all, then a spread over two picked submissions: each of the
		// two goes to one judge, and both keep the other four.
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignAll, JudgeIDs: judges})
		f.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpread, JudgeIDs: judges, SubmissionIDs: subs[4:]})
		a, b = f.queueIDs(ann), f.queueIDs(bob)
		for _, s := range subs[:4] {
			if !slices.Contains(a, s) || !slices.Contains(b, s) {
				t.Fatalf("submission %d outside the spread left a queue: %v %v", s, a, b)
			}
		}
		for _, s := range subs[4:] {
			if slices.Contains(a, s) == slices.Contains(b, s) {
				t.Fatalf("picked submission %d: in %v and %v", s, a, b)
			}
		}
	})
}
