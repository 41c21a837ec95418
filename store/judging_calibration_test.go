package store_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestCalibrationMatchesTheRule: after random score writes, edits,
// conflicts (a score deleted), judges removed and added, withdrawals and
// deleted films, the calibration the store keeps (judges' score_* columns,
// calibrated_scores) is bit for bit marquee.Calibrate over the festival's
// scores, and the organiser's list and the ranking read in calibrated and
// weighted order give the order and the ranks of the rule from scratch,
// page by page.
func TestCalibrationMatchesTheRule(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		rng := rand.New(rand.NewPCG(23, 1))
		maker := f.user("maker@example.com", "Maker")
		var subs []int64
		for i := range 24 {
			cat := f.catA
			if i%3 == 2 {
				cat = f.catB
			}
			subs = append(subs, f.submission(maker, fmt.Sprintf("film %d", i), cat))
		}
		type seat struct {
			user *marquee.User
			id   int64
		}
		var judges []seat
		newJudge := func() {
			u := f.user(fmt.Sprintf("judge%d@example.com", len(judges)+rng.IntN(1000)*100), "Judge")
			id := f.judge(u)
			f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{id}})
			judges = append(judges, seat{u, id})
		}
		for range 4 {
			newJudge()
		}
		withdrawn := map[int64]bool{}
		ctx := context.Background()
		for step := range 240 {
			j := judges[rng.IntN(len(judges))]
			sub := subs[rng.IntN(len(subs))]
			var what string
			var err error
			switch p := rng.IntN(100); {
			case p < 70:
				what = "score"
				_, err = f.svc.Judging.SaveScore(as(j.user), f.fest.Slug, sub, marquee.ScoreInput{Scores: []marquee.CriterionScore{
					{CriterionID: f.crit[0].ID, Score: rng.IntN(11)}, {CriterionID: f.crit[1].ID, Score: rng.IntN(11)}}})
			case p < 78:
				what = "conflict"
				_, err = f.svc.Judging.DeclareConflict(as(j.user), f.fest.Slug, sub, "")
			case p < 84 && len(judges) > 2:
				what = "remove judge"
				err = f.svc.Judging.RemoveJudge(as(f.org), f.fest.Slug, j.id)
				judges = slices.DeleteFunc(judges, func(s seat) bool { return s.id == j.id })
			case p < 89:
				what = "add judge"
				newJudge()
			case p < 95:
				what = "withdraw"
				if _, err = f.svc.Submissions.Withdraw(as(maker), sub); err == nil {
					withdrawn[sub] = true
				}
			default:
				what = "delete film"
				var gone []int64
				for id := range withdrawn {
					gone = append(gone, id)
				}
				if len(gone) == 0 {
					continue
				}
				slices.Sort(gone)
				sub = gone[rng.IntN(len(gone))]
				delete(withdrawn, sub)
				film, ferr := db.Int64ForTest(ctx, `SELECT film_id FROM submissions WHERE id = ?`, sub)
				if ferr != nil {
					t.Fatal(ferr)
				}
				if err = f.svc.Films.Delete(as(maker), film); err == nil {
					subs = slices.DeleteFunc(subs, func(id int64) bool { return id == sub })
				}
			}
			// Refusals are part of the game (a judge in conflict, a
			// submission withdrawn twice); anything else is not.
			if code := marquee.ErrorCode(err); err != nil && code != marquee.ENotFound && code != marquee.EConflict {
				t.Fatalf("step %d %s: %v", step, what, err)
			}
			if step%8 == 7 {
				assertCalibration(t, db.DB, f.fest.ID)
				f.assertCalibratedOrder(f.catA)
				f.assertCalibratedOrder(0)
			}
		}
		assertCalibration(t, db.DB, f.fest.ID)
		f.assertCalibratedOrder(f.catB)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM calibrated_scores WHERE festival_id = ?`, f.fest.ID); n < 10 {
			t.Fatalf("only %d submissions scored at the end", n)
		}
		// A rebuild from scratch (what a migration or the seed does) changes nothing.
		before := calibrationRows(t, db.DB, f.fest.ID)
		if err := db.RebuildCalibrationForTest(ctx, f.fest.ID); err != nil {
			t.Fatal(err)
		}
		if after := calibrationRows(t, db.DB, f.fest.ID); !slices.Equal(before, after) {
			t.Fatalf("rebuild moved the calibration:\n%v\n%v", before, after)
		}
	})
}

// calibrationRows returns the festival's stored calibration as text.
func calibrationRows(t testing.TB, db *store.DB, festivalID int64) []string {
	t.Helper()
	var out []string
	err := db.QueryForTest(context.Background(), `SELECT 'judge', id, score_count, score_mean, score_sd FROM judges WHERE festival_id = ?
		UNION ALL SELECT 'submission', submission_id, withdrawn, calibrated, category_id FROM calibrated_scores WHERE festival_id = ?
		ORDER BY 1, 2`, []any{festivalID, festivalID}, func(scan func(...any) error) error {
		var kind string
		var id, n int64
		var a, b float64
		if err := scan(&kind, &id, &n, &a, &b); err != nil {
			return err
		}
		out = append(out, fmt.Sprintf("%s %d %d %x %x", kind, id, n, math.Float64bits(a), math.Float64bits(b)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// assertCalibration checks the festival's stored calibration against the
// rule from scratch: each judge's calibration is marquee.CalibrateJudge
// over their scores by submission, and calibrated_scores holds exactly
// the scored submissions, each with marquee.Calibrate's value (bit for
// bit), its category and whether it is withdrawn.
func assertCalibration(t testing.TB, db *store.DB, festivalID int64) {
	t.Helper()
	ctx := context.Background()
	var all []marquee.JudgeScoreValue
	byJudge := map[int64][]float64{}
	if err := db.QueryForTest(ctx, `SELECT js.judge_id, js.submission_id, js.weighted FROM judge_scores js JOIN judges j ON j.id = js.judge_id
		WHERE j.festival_id = ? ORDER BY js.judge_id, js.submission_id`, []any{festivalID}, func(scan func(...any) error) error {
		var v marquee.JudgeScoreValue
		if err := scan(&v.JudgeID, &v.SubmissionID, &v.Weighted); err != nil {
			return err
		}
		all = append(all, v)
		byJudge[v.JudgeID] = append(byJudge[v.JudgeID], v.Weighted)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryForTest(ctx, `SELECT id, score_count, score_mean, score_sd FROM judges WHERE festival_id = ?`, []any{festivalID},
		func(scan func(...any) error) error {
			var id int64
			var got marquee.JudgeCalibration
			if err := scan(&id, &got.Scores, &got.Mean, &got.SD); err != nil {
				return err
			}
			if want := marquee.CalibrateJudge(byJudge[id]); got != want {
				t.Errorf("judge %d: stored %+v, the rule %+v", id, got, want)
			}
			return nil
		}); err != nil {
		t.Fatal(err)
	}
	want := marquee.Calibrate(all)
	got := map[int64]float64{}
	if err := db.QueryForTest(ctx, `SELECT cs.submission_id, cs.calibrated, cs.category_id = s.category_id,
			CASE WHEN cs.withdrawn = 1 THEN s.status = 'withdrawn' ELSE s.status <> 'withdrawn' END
		FROM calibrated_scores cs JOIN submissions s ON s.id = cs.submission_id WHERE cs.festival_id = ?`, []any{festivalID},
		func(scan func(...any) error) error {
			var id int64
			var v float64
			var sameCategory, sameStatus bool
			if err := scan(&id, &v, &sameCategory, &sameStatus); err != nil {
				return err
			}
			if !sameCategory || !sameStatus {
				t.Errorf("submission %d: calibrated_scores' category or withdrawal differs from the submission's", id)
			}
			got[id] = v
			return nil
		}); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%d calibrated scores stored, the rule gives %d", len(got), len(want))
	}
	for id, w := range want {
		if g, ok := got[id]; !ok || math.Float64bits(g) != math.Float64bits(w) {
			t.Errorf("submission %d: stored %v (%v), the rule %v", id, g, ok, w)
		}
	}
}

// assertCalibratedOrder reads every page (of 4) of the organiser's list in
// calibrated order and of the ranking in both orders, for category cat (0:
// all), and checks them against the order and ranks computed here from
// the summaries: the scored by score, best first, ties by id; then the
// unscored by id; ranks by marquee.Rank over the ranking's submissions.
func (f *judgingFixture) assertCalibratedOrder(cat int64) {
	f.t.Helper()
	type line struct {
		id                   int64
		weighted, calibrated *float64
		withdrawn            bool
	}
	var lines []line
	for page := 1; ; page++ {
		p, err := f.svc.Submissions.Received(as(f.org), f.fest.Slug, marquee.ReceivedFilter{CategoryID: cat, Sort: marquee.ReceivedSortCalibrated,
			PageRequest: marquee.PageRequest{Page: page, PerPage: 4}})
		if err != nil {
			f.t.Fatal(err)
		}
		for _, s := range p.Items {
			lines = append(lines, line{s.ID, s.Scores.Weighted, s.Scores.Calibrated, s.Status == marquee.SubmissionWithdrawn})
		}
		if int64(page*4) >= p.Total {
			if int64(len(lines)) != p.Total {
				f.t.Fatalf("received %d lines of %d", len(lines), p.Total)
			}
			break
		}
	}
	order := func(key func(line) *float64, in []line) []line {
		out := slices.Clone(in)
		slices.SortFunc(out, func(a, b line) int {
			ka, kb := key(a), key(b)
			switch {
			case ka == nil && kb == nil:
				return cmp.Compare(a.id, b.id)
			case ka == nil:
				return 1
			case kb == nil:
				return -1
			}
			return cmp.Or(cmp.Compare(*kb, *ka), cmp.Compare(a.id, b.id))
		})
		return out
	}
	calibrated := func(l line) *float64 { return l.calibrated }
	weighted := func(l line) *float64 { return l.weighted }
	if want := order(calibrated, lines); !slices.Equal(lines, want) {
		f.t.Fatalf("received in calibrated order %v, want %v", lines, want)
	}
	ranked := slices.DeleteFunc(slices.Clone(lines), func(l line) bool { return l.withdrawn })
	for _, sort := range []struct {
		name string
		key  func(line) *float64
	}{{marquee.RankingSortCalibrated, calibrated}, {marquee.RankingSortWeighted, weighted}} {
		want := order(sort.key, ranked)
		keys := make([]*float64, len(want))
		for i, l := range want {
			keys[i] = sort.key(l)
		}
		ranks := marquee.Rank(keys)
		var got []int64
		for page := 1; int64((page-1)*4) < int64(len(want)) || page == 1; page++ {
			p := f.rankingPageOf(cat, sort.name, page, 4)
			if p.Total != int64(len(want)) {
				f.t.Fatalf("%s ranking: total %d, want %d", sort.name, p.Total, len(want))
			}
			for i, x := range p.Items {
				pos := (page-1)*4 + i
				got = append(got, x.Submission.ID)
				if pos < len(want) && x.Rank != ranks[pos] {
					f.t.Errorf("%s ranking line %d (submission %d): rank %d, want %d", sort.name, pos, x.Submission.ID, x.Rank, ranks[pos])
				}
			}
		}
		ids := make([]int64, len(want))
		for i, l := range want {
			ids[i] = l.id
		}
		if !slices.Equal(got, ids) {
			f.t.Fatalf("%s ranking %v, want %v", sort.name, got, ids)
		}
	}
}

// TestRankingPagesShareRanks: equal scores share a rank across pages: a
// page whose first lines tie with lines pages above starts from the
// first of them (1, 2, 2 | 2, 2 | 2, 7 ...), in both orders.
func TestRankingPagesShareRanks(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker := f.user("maker@example.com", "Maker")
		u := f.user("judge@example.com", "Judge")
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{f.judge(u)}})
		var subs []int64
		for i, v := range []int{9, 5, 5, 5, 5, 5, 2} {
			subs = append(subs, f.submission(maker, fmt.Sprintf("film %d", i), f.catA))
			f.mustScore(u, subs[i], v)
		}
		unscored := f.submission(maker, "unscored", f.catA)
		for _, sort := range []string{marquee.RankingSortWeighted, marquee.RankingSortCalibrated} {
			var ids []int64
			var ranks []int
			for page := 1; page <= 4; page++ {
				p := f.rankingPageOf(f.catA, sort, page, 2)
				for _, x := range p.Items {
					ids, ranks = append(ids, x.Submission.ID), append(ranks, x.Rank)
				}
			}
			if want := append(slices.Clone(subs), unscored); !slices.Equal(ids, want) {
				t.Errorf("%s: order %v, want %v", sort, ids, want)
			}
			if want := []int{1, 2, 2, 2, 2, 2, 7, 0}; !slices.Equal(ranks, want) {
				t.Errorf("%s: ranks %v, want %v", sort, ranks, want)
			}
		}
	})
}

// TestCalibrationAfterMigration: scores written before 00028 (its Down
// puts the calibrated scores back in submissions) get their calibration
// built when the migration runs (calibration_stale, rebuilt by Migrate),
// the same as the score writes had kept it.
func TestCalibrationAfterMigration(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		ctx := context.Background()
		maker := f.user("maker@example.com", "Maker")
		var users []*marquee.User
		var ids []int64
		for i := range 3 {
			u := f.user(fmt.Sprintf("judge%d@example.com", i), "Judge")
			users, ids = append(users, u), append(ids, f.judge(u))
		}
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: ids})
		for i := range 6 {
			sub := f.submission(maker, fmt.Sprintf("film %d", i), f.catA)
			for k, u := range users[:1+i%3] {
				f.mustScore(u, sub, (i*3+k*5)%11)
			}
		}
		f.submission(maker, "unscored", f.catB)
		before := calibrationRows(t, db.DB, f.fest.ID)
		if err := db.MigrateDownToForTest(ctx, 27); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE score_calibrated IS NOT NULL`); n != 6 {
			t.Fatalf("%d calibrated scores back in submissions, want 6", n)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if after := calibrationRows(t, db.DB, f.fest.ID); !slices.Equal(before, after) {
			t.Fatalf("calibration after the migration:\n%v\nwant\n%v", after, before)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM festival_settings WHERE calibration_stale <> 0`); n != 0 {
			t.Fatalf("%d festivals still stale", n)
		}
		assertCalibration(t, db.DB, f.fest.ID)
	})
}
