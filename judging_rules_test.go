package marquee_test

import (
	"math"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

var testCriteria = []marquee.Criterion{
	{ID: 1, Name: "Story", Weight: 3, MaxScore: 10},
	{ID: 2, Name: "Craft", Weight: 1, MaxScore: 5},
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestWeightedScore(t *testing.T) {
	for _, tc := range []struct {
		name     string
		criteria []marquee.Criterion
		scores   []marquee.CriterionScore
		want     float64
		field    string // the failing field, "" when valid
		msg      string
	}{
		{"top", testCriteria, []marquee.CriterionScore{{1, 10}, {2, 5}}, 100, "", ""},
		{"zero", testCriteria, []marquee.CriterionScore{{2, 0}, {1, 0}}, 0, "", ""},
		// (3*5/10 + 1*5/5) / 4 * 100 = (1.5 + 1) / 4 * 100 = 62.5
		{"weighted", testCriteria, []marquee.CriterionScore{{1, 5}, {2, 5}}, 62.5, "", ""},
		{"missing", testCriteria, []marquee.CriterionScore{{1, 5}}, 0, "scores.2", "Score every criterion"},
		{"above max", testCriteria, []marquee.CriterionScore{{1, 11}, {2, 5}}, 0, "scores.1", "A score must be between 0 and the criterion's maximum"},
		{"negative", testCriteria, []marquee.CriterionScore{{1, 1}, {2, -1}}, 0, "scores.2", "A score must be between 0 and the criterion's maximum"},
		{"unknown", testCriteria, []marquee.CriterionScore{{1, 1}, {2, 1}, {9, 1}}, 0, "scores.9", "Unknown criterion"},
		{"twice", testCriteria, []marquee.CriterionScore{{1, 1}, {1, 2}, {2, 1}}, 0, "scores.1", "Each criterion is scored once"},
	} {
		got, err := marquee.WeightedScore(tc.criteria, tc.scores)
		if tc.field == "" {
			if err != nil || !near(got, tc.want) {
				t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
			}
			continue
		}
		if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)[tc.field] != tc.msg {
			t.Errorf("%s: %v %v; want %s: %q", tc.name, err, marquee.ErrorFields(err), tc.field, tc.msg)
		}
	}
	if _, err := marquee.WeightedScore(nil, nil); marquee.ErrorCode(err) != marquee.EConflict {
		t.Errorf("no criteria: %v", err)
	}
}

func TestScoreInputValidate(t *testing.T) {
	in := marquee.ScoreInput{Scores: []marquee.CriterionScore{{1, 4}, {2, 4}}, Comment: "  Strong.\r\nMoving.  ", PrivateNote: " note "}
	in.Normalize()
	if in.Comment != "Strong.\nMoving." || in.PrivateNote != "note" {
		t.Fatalf("normalised %+v", in)
	}
	if err := in.Validate(testCriteria); err != nil {
		t.Fatal(err)
	}
	in.Comment = strings.Repeat("映", marquee.JudgeCommentMax+1)
	in.PrivateNote = strings.Repeat("x", marquee.JudgeNoteMax+1)
	in.Scores = in.Scores[:1]
	err := in.Validate(testCriteria)
	f := marquee.ErrorFields(err)
	if f["comment"] != "Comment must be at most 5,000 characters" || f["privateNote"] != "Private note must be at most 5,000 characters" || f["scores.2"] != "Score every criterion" {
		t.Fatalf("fields %v", f)
	}
	in = marquee.ScoreInput{Scores: []marquee.CriterionScore{{1, 4}, {2, 4}}, Comment: strings.Repeat("映", marquee.JudgeCommentMax)}
	if err := in.Validate(testCriteria); err != nil {
		t.Fatalf("comment at the limit: %v", err)
	}
}

func TestValidateConflictReasonAndInvitation(t *testing.T) {
	if r, err := marquee.ValidateConflictReason("  my cousin\r\nacts  "); err != nil || r != "my cousin\nacts" {
		t.Fatalf("%q %v", r, err)
	}
	if _, err := marquee.ValidateConflictReason(strings.Repeat("x", 501)); marquee.ErrorFields(err)["reason"] != "Reason must be at most 500 characters" {
		t.Fatalf("long reason: %v", err)
	}
	for _, tc := range []struct{ in, want, msg string }{
		{" Ann@Example.COM ", "ann@example.com", ""},
		{"", "", "Email is required"},
		{"ann", "", "Enter a valid email address"},
		{"Ann <ann@example.com>", "", "Enter a valid email address"},
	} {
		got, err := marquee.ValidateInvitationEmail(tc.in)
		if got != tc.want || marquee.ErrorFields(err)["email"] != tc.msg {
			t.Errorf("%q: %q %v", tc.in, got, err)
		}
	}
	if err := marquee.InvitationFor("ann@example.com", " ANN@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := marquee.InvitationFor("ann@example.com", "bob@example.com"); marquee.ErrorCode(err) != marquee.EForbidden ||
		marquee.ErrorMessage(err) != "This invitation was sent to another e-mail address" {
		t.Fatal(err)
	}
	if !marquee.OwnFilm(5, 5) || marquee.OwnFilm(5, 6) || marquee.OwnFilm(0, 0) {
		t.Fatal("OwnFilm")
	}
}

func TestSummarize(t *testing.T) {
	for _, tc := range []struct {
		in           []float64
		mean, spread float64
	}{
		{nil, 0, 0},
		{[]float64{70}, 70, 0},
		{[]float64{60, 90, 75}, 75, 30},
	} {
		m, s := marquee.Summarize(tc.in)
		if !near(m, tc.mean) || !near(s, tc.spread) {
			t.Errorf("%v: %v %v", tc.in, m, s)
		}
	}
}

func TestCalibrate(t *testing.T) {
	// A harsh judge (1) and a generous one (2) order submissions 10, 20, 30
	// the same way: calibrated, both weigh the same.
	got := marquee.Calibrate([]marquee.JudgeScoreValue{
		{1, 10, 20}, {1, 20, 30}, {1, 30, 40},
		{2, 10, 70}, {2, 20, 80}, {2, 30, 90},
		// A judge with one score, and one giving the same score twice, contribute 0.
		{3, 10, 100},
		{4, 20, 50}, {4, 30, 50},
	})
	z := math.Sqrt(1.5) // (x - mean) / population sd for 3 evenly spaced values
	want := map[int64]float64{10: (-z - z + 0) / 3, 20: (0 + 0 + 0) / 3, 30: (z + z + 0) / 3}
	if len(got) != 3 {
		t.Fatalf("got %v", got)
	}
	for id, w := range want {
		if !near(got[id], w) {
			t.Errorf("submission %d: %v, want %v", id, got[id], w)
		}
	}
	if len(marquee.Calibrate(nil)) != 0 {
		t.Fatal("empty")
	}
}

func f64(v float64) *float64 { return &v }

func TestRank(t *testing.T) {
	got := marquee.Rank([]*float64{f64(50), nil, f64(90), f64(50), f64(10), nil, f64(90 + 1e-12)})
	want := []int{3, 0, 1, 3, 5, 0, 1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ranks %v, want %v", got, want)
		}
	}
	if len(marquee.Rank(nil)) != 0 {
		t.Fatal("empty")
	}
}

func TestSpreadEvenly(t *testing.T) {
	subs := make([]int64, 10)
	for i := range subs {
		subs[i] = int64(100 + i)
	}
	for _, tc := range []struct {
		name     string
		judges   []int64
		per      int
		existing map[int64]int
		excluded func(j, s int64) bool
	}{
		{"3 of 4", []int64{1, 2, 3, 4}, 3, nil, nil},
		{"1 of 3", []int64{3, 2, 1}, 1, nil, nil},
		{"2 of 5 repeated ids", []int64{1, 2, 3, 4, 5, 5}, 2, nil, nil},
		{"balanced against existing", []int64{1, 2, 3}, 2, map[int64]int{1: 4}, nil},
		{"exclusions", []int64{1, 2, 3, 4}, 2, nil, func(j, s int64) bool { return j == 1 && s%2 == 0 }},
	} {
		var hold func(j, s int64) marquee.SpreadHold
		if tc.excluded != nil {
			hold = func(j, s int64) marquee.SpreadHold {
				if tc.excluded(j, s) {
					return marquee.HoldExcluded
				}
				return marquee.HoldNone
			}
		}
		pairs := marquee.SpreadEvenly(subs, tc.judges, tc.per, tc.existing, hold)
		per := map[int64]map[int64]bool{}
		load := map[int64]int{}
		for j, n := range tc.existing {
			load[j] = n
		}
		for _, p := range pairs {
			if tc.excluded != nil && tc.excluded(p.JudgeID, p.SubmissionID) {
				t.Errorf("%s: excluded pair %+v", tc.name, p)
			}
			if per[p.SubmissionID] == nil {
				per[p.SubmissionID] = map[int64]bool{}
			}
			if per[p.SubmissionID][p.JudgeID] {
				t.Errorf("%s: judge twice %+v", tc.name, p)
			}
			per[p.SubmissionID][p.JudgeID] = true
			load[p.JudgeID]++
		}
		for _, s := range subs {
			if len(per[s]) != tc.per {
				t.Errorf("%s: submission %d has %d judges", tc.name, s, len(per[s]))
			}
		}
		lo, hi := math.MaxInt, 0
		for _, j := range tc.judges {
			lo, hi = min(lo, load[j]), max(hi, load[j])
		}
		if hi-lo > 1 {
			t.Errorf("%s: loads %v", tc.name, load)
		}
	}
	// The same input gives the same pairs; too few judges give what there is.
	a := marquee.SpreadEvenly(subs, []int64{7, 8}, 2, nil, nil)
	b := marquee.SpreadEvenly(subs, []int64{7, 8}, 2, nil, nil)
	if len(a) != 20 || len(a) != len(b) {
		t.Fatalf("%d pairs", len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("not deterministic")
		}
	}
	excluded7 := func(j, s int64) marquee.SpreadHold {
		if j == 7 {
			return marquee.HoldExcluded
		}
		return marquee.HoldNone
	}
	if got := marquee.SpreadEvenly(subs[:1], []int64{7, 8}, 2, nil, excluded7); len(got) != 1 || got[0].JudgeID != 8 {
		t.Fatalf("too few judges: %v", got)
	}
}

// TestSpreadEvenlyReplans: the plan replaces what the judges held: two
// judges who both held every submission (a spread of 2, or scope all)
// are each left with half at 1 a submission, keeping what they hold at
// equal load and always what they scored; its own result plans the same.
func TestSpreadEvenlyReplans(t *testing.T) {
	subs := []int64{100, 101, 102, 103, 104, 105}
	both := func(j, s int64) marquee.SpreadHold { return marquee.HoldAssigned }
	plan := marquee.SpreadEvenly(subs, []int64{1, 2}, 1, nil, both)
	load := map[int64]int{}
	per := map[int64]int{}
	for _, p := range plan {
		load[p.JudgeID]++
		per[p.SubmissionID]++
	}
	if len(plan) != 6 || load[1] != 3 || load[2] != 3 {
		t.Fatalf("1 a submission over 2 judges who held all: %v", plan)
	}
	for _, s := range subs {
		if per[s] != 1 {
			t.Fatalf("submission %d has %d judges: %v", s, per[s], plan)
		}
	}
	// Scored pairs stay, even beyond perSubmission; the others balance around them.
	scored := func(j, s int64) marquee.SpreadHold {
		if j == 2 && s <= 102 {
			return marquee.HoldScored
		}
		return marquee.HoldAssigned
	}
	plan = marquee.SpreadEvenly(subs, []int64{1, 2}, 1, nil, scored)
	got := map[marquee.JudgePair]bool{}
	for _, p := range plan {
		got[p] = true
	}
	for _, s := range subs[:3] {
		if !got[marquee.JudgePair{JudgeID: 2, SubmissionID: s}] {
			t.Fatalf("scored pair (2, %d) dropped: %v", s, plan)
		}
	}
	for _, s := range subs[3:] {
		if !got[marquee.JudgePair{JudgeID: 1, SubmissionID: s}] || got[marquee.JudgePair{JudgeID: 2, SubmissionID: s}] {
			t.Fatalf("after judge 2's three scores judge 1 takes the rest: %v", plan)
		}
	}
	// At equal load a judge who holds the submission keeps it.
	held := func(j, s int64) marquee.SpreadHold {
		if j == 2 && s == 100 {
			return marquee.HoldAssigned
		}
		return marquee.HoldNone
	}
	if plan = marquee.SpreadEvenly(subs[:1], []int64{1, 2}, 1, nil, held); len(plan) != 1 || plan[0].JudgeID != 2 {
		t.Fatalf("the holder lost it at equal load: %v", plan)
	}
	// Planned again from its own result (uneven existing loads, 2 of 3), the same plan.
	loads := map[int64]int{1: 2, 2: 0, 3: 1}
	first := marquee.SpreadEvenly(subs, []int64{1, 2, 3}, 2, loads, nil)
	mine := map[marquee.JudgePair]bool{}
	for _, p := range first {
		mine[p] = true
	}
	again := marquee.SpreadEvenly(subs, []int64{1, 2, 3}, 2, loads, func(j, s int64) marquee.SpreadHold {
		if mine[marquee.JudgePair{JudgeID: j, SubmissionID: s}] {
			return marquee.HoldAssigned
		}
		return marquee.HoldNone
	})
	if len(again) != len(first) {
		t.Fatalf("replanned %d pairs, first %d", len(again), len(first))
	}
	for _, p := range again {
		if !mine[p] {
			t.Fatalf("replanning its own result changed it: %v then %v", first, again)
		}
	}
}

func TestValidateAssignment(t *testing.T) {
	for _, tc := range []struct {
		req   marquee.AssignmentRequest
		field string
		msg   string
	}{
		{marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{1, 1}}, "", ""},
		{marquee.AssignmentRequest{Mode: "everyone", JudgeIDs: []int64{1}}, "mode", "Choose how to assign: all, category, specific or spread"},
		{marquee.AssignmentRequest{Mode: "all"}, "judgeIds", "Choose at least one judge"},
		{marquee.AssignmentRequest{Mode: "category", JudgeIDs: []int64{1}}, "categoryIds", "Choose at least one category"},
		{marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{1}}, "submissionIds", "Choose at least one submission"},
		{marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2}, PerSubmission: 3}, "perSubmission", "Judges per submission must be between 1 and the number of judges chosen"},
		{marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2}, PerSubmission: -1}, "perSubmission", "Judges per submission must be between 1 and the number of judges chosen"},
		{marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2}}, "", ""},
		{marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2, 2}, PerSubmission: 2}, "", ""},
	} {
		req := tc.req
		err := marquee.ValidateAssignment(&req)
		if marquee.ErrorFields(err)[tc.field] != tc.msg || (tc.field == "" && err != nil) {
			t.Errorf("%+v: %v %v", tc.req, err, marquee.ErrorFields(err))
		}
	}
	req := marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2, 2}, PerSubmission: 2}
	_ = req.Validate()
	if len(req.JudgeIDs) != 2 {
		t.Fatalf("ids not deduplicated: %v", req.JudgeIDs)
	}
	// Spread evenly without a count: each submission to one judge.
	req = marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{1, 2}}
	if err := req.Validate(); err != nil || req.PerSubmission != 1 {
		t.Fatalf("spread without perSubmission: %d %v", req.PerSubmission, err)
	}
}

// TestCalibrateIsItsParts: Calibrate gives, bit for bit and whatever the
// order of its input, what the store computes piece by piece: each
// judge's CalibrateJudge over their scores by submission, then each
// submission's CalibratedScore over its judges' Z by judge.
func TestCalibrateIsItsParts(t *testing.T) {
	var scores []marquee.JudgeScoreValue
	for j := int64(1); j <= 4; j++ {
		for s := int64(1); s <= 30; s++ {
			if (j+s)%3 != 0 {
				scores = append(scores, marquee.JudgeScoreValue{JudgeID: j, SubmissionID: s, Weighted: float64((s*37+j*11)%101) / 3})
			}
		}
	}
	want := marquee.Calibrate(scores)
	reversed := slices.Clone(scores)
	slices.Reverse(reversed)
	got := marquee.Calibrate(reversed)
	judges := map[int64]marquee.JudgeCalibration{}
	for j := int64(1); j <= 4; j++ {
		var ws []float64
		for _, s := range scores { // by judge, then submission
			if s.JudgeID == j {
				ws = append(ws, s.Weighted)
			}
		}
		judges[j] = marquee.CalibrateJudge(ws)
	}
	for s := int64(1); s <= 30; s++ {
		var z []float64
		for j := int64(1); j <= 4; j++ {
			if i := slices.IndexFunc(scores, func(v marquee.JudgeScoreValue) bool { return v.JudgeID == j && v.SubmissionID == s }); i >= 0 {
				z = append(z, judges[j].Z(scores[i].Weighted))
			}
		}
		if math.Float64bits(marquee.CalibratedScore(z)) != math.Float64bits(want[s]) || math.Float64bits(got[s]) != math.Float64bits(want[s]) {
			t.Fatalf("submission %d: parts %v, reversed %v, Calibrate %v", s, marquee.CalibratedScore(z), got[s], want[s])
		}
	}
}

func TestJudgeCalibration(t *testing.T) {
	c := marquee.CalibrateJudge([]float64{20, 30, 40})
	if c.Scores != 3 || c.Mean != 30 || !near(c.SD, math.Sqrt(200.0/3)) || !c.Standardises() || !near(c.Z(40), math.Sqrt(1.5)) {
		t.Fatalf("%+v z(40)=%v", c, c.Z(40))
	}
	// One score, or all the same: Z is 0 (the judge says nothing about order).
	for _, ws := range [][]float64{{70}, {50, 50, 50}, nil} {
		if c := marquee.CalibrateJudge(ws); c.Standardises() || c.Z(90) != 0 || c.Scores != len(ws) {
			t.Errorf("%v: %+v", ws, c)
		}
	}
	if marquee.CalibratedScore(nil) != 0 || marquee.CalibratedScore([]float64{1, -0.5}) != 0.25 {
		t.Fatal("CalibratedScore")
	}
}

func TestRankAfter(t *testing.T) {
	// A page of a ranking continues from the line above it.
	for _, tc := range []struct {
		prev     *float64
		prevRank int
		pos      int
		score    *float64
		want     int
	}{
		{nil, 0, 0, f64(90), 1},
		{f64(90), 1, 1, f64(90 - 1e-12), 1},
		{f64(90), 1, 1, f64(80), 2},
		{f64(80), 5, 50, f64(80), 5},
		{f64(80), 5, 50, nil, 0},
		{nil, 0, 7, nil, 0},
	} {
		if got := marquee.RankAfter(tc.prev, tc.prevRank, tc.pos, tc.score); got != tc.want {
			t.Errorf("%+v: %d", tc, got)
		}
	}
}

func TestParseRankingFilter(t *testing.T) {
	f, err := marquee.ParseRankingFilter(url.Values{"category": {"8"}, "sort": {"calibrated"}, "page": {"3"}})
	if err != nil || f.CategoryID != 8 || f.Sort != marquee.RankingSortCalibrated || f.Page != 3 || f.PerPage != marquee.RankingPerPage || f.Offset() != 100 {
		t.Fatalf("%+v %v", f, err)
	}
	if f, err := marquee.ParseRankingFilter(url.Values{}); err != nil || f.CategoryID != 0 || f.Sort != marquee.RankingSortWeighted || f.Page != 1 {
		t.Fatalf("defaults %+v %v", f, err)
	}
	if _, err := marquee.ParseRankingFilter(url.Values{"category": {"x"}}); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("category: %v", err)
	}
	if _, err := marquee.ParseRankingFilter(url.Values{"sort": {"best"}}); marquee.ErrorCode(err) != marquee.EInvalid {
		t.Fatalf("sort: %v", err)
	}
	if _, err := marquee.ParseRankingFilter(url.Values{"page": {"0"}}); marquee.ErrorCode(err) != marquee.EInvalid {
		t.Fatalf("page: %v", err)
	}
}
