package store_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestJudgeInvitation(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		stranger := f.user("stranger@example.com", "Stranger")
		_, err := J.Invite(as(stranger), f.fest.Slug, "ann@example.com", "en")
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Invite(as(f.org), f.fest.Slug, "not-an-address", "en")
		if marquee.ErrorFields(err)["email"] != "Enter a valid email address" {
			t.Fatalf("bad address: %v", err)
		}
		j, err := J.Invite(as(f.org), f.fest.Slug, " Ann@Example.com ", "ja")
		if err != nil || j.Email != "ann@example.com" || j.Status != marquee.JudgeInvited || j.UserID != 0 || j.Scope != "" || len(j.CategoryIDs) != 0 {
			t.Fatalf("invite: %+v %v", j, err)
		}
		mails, _ := db.Mail.List(countingAdmin(), marquee.MailFilter{})
		if mails.Total != 1 || mails.Items[0].Kind != "judge-invitation" || mails.Items[0].Status != marquee.MailKept ||
			mails.Items[0].Language != "ja" || mails.Items[0].Subject != "Judged Shorts の審査員へのご招待" {
			t.Fatalf("outbox %+v", mails.Items[0])
		}
		first := f.token("ann@example.com")
		inv, err := J.Invitation(context.Background(), first)
		if err != nil || inv.Email != "ann@example.com" || inv.FestivalSlug != f.fest.Slug || inv.FestivalName != "Judged Shorts" || inv.HasAccount {
			t.Fatalf("invitation %+v %v", inv, err)
		}
		// Inviting again sends a new token; the old one stops working.
		if _, err := J.Invite(as(f.org), f.fest.Slug, "ann@example.com", "en"); err != nil {
			t.Fatal(err)
		}
		second := f.token("ann@example.com")
		if second == first {
			t.Fatal("same token")
		}
		_, err = J.Invitation(context.Background(), first)
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Invitation(context.Background(), "nope")
		wantCode(t, err, marquee.ENotFound)
		// Someone else cannot accept it; the invited address can, twice.
		bob := f.user("bob@example.com", "Bob")
		_, err = J.Accept(as(bob), second)
		if marquee.ErrorCode(err) != marquee.EForbidden || marquee.ErrorMessage(err) != "This invitation was sent to another e-mail address" {
			t.Fatalf("other address: %v", err)
		}
		ann := f.user("ann@example.com", "Ann")
		if inv, _ := J.Invitation(context.Background(), second); !inv.HasAccount {
			t.Fatal("hasAccount after sign-up")
		}
		_, err = J.Accept(context.Background(), second)
		wantCode(t, err, marquee.EUnauthorized)
		for range 2 {
			jf, err := J.Accept(as(ann), second)
			if err != nil || jf.JudgeID != j.ID || jf.FestivalSlug != f.fest.Slug || jf.Assigned != 0 || jf.Locked {
				t.Fatalf("accept: %+v %v", jf, err)
			}
		}
		_, err = J.Invite(as(f.org), f.fest.Slug, "ann@example.com", "en")
		wantCode(t, err, marquee.EConflict)
		// The organiser may judge their own festival.
		if _, err := J.Invite(as(f.org), f.fest.Slug, f.org.Email, "en"); err != nil {
			t.Fatal(err)
		}
		list, err := J.Judges(as(f.org), f.fest.Slug)
		if err != nil || len(list) != 2 || list[0].Name != "Ann" || list[0].Status != marquee.JudgeActive || list[0].AcceptedAt == nil || list[1].Status != marquee.JudgeInvited {
			t.Fatalf("judges %+v %v", list, err)
		}
		if _, err := J.Judges(as(stranger), f.fest.Slug); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatal(err)
		}
		if list, err := J.Judges(adminCtx(t, db), f.fest.Slug); err != nil || len(list) != 2 {
			t.Fatalf("admin: %v", err)
		}
		mine, err := J.MyFestivals(as(ann))
		if err != nil || len(mine) != 1 || mine[0].FestivalID != f.fest.ID {
			t.Fatalf("my festivals %+v %v", mine, err)
		}
		wantCode(t, J.RemoveJudge(as(stranger), f.fest.Slug, j.ID), marquee.ENotFound)
		if err := J.RemoveJudge(as(f.org), f.fest.Slug, j.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, J.RemoveJudge(as(f.org), f.fest.Slug, j.ID), marquee.ENotFound)
		if mine, _ := J.MyFestivals(as(ann)); len(mine) != 0 {
			t.Fatalf("removed judge still judges %+v", mine)
		}
	})
}

func TestJudgeSeesOnlyWhatIsAssigned(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		maker := f.user("maker@example.com", "Maker")
		s1, s2, s3 := f.submission(maker, "one", f.catA), f.submission(maker, "two", f.catA), f.submission(maker, "three", f.catB)
		ann, bob, cat := f.user("ann@example.com", "Ann"), f.user("bob@example.com", "Bob"), f.user("cat@example.com", "Cat")
		ja, jb, jc := f.judge(ann), f.judge(bob), f.judge(cat)
		stranger := f.user("stranger@example.com", "Stranger")

		if q := f.queueIDs(ann); len(q) != 0 {
			t.Fatalf("unassigned queue %v", q)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{ja}, SubmissionIDs: []int64{s1}}); n != 1 {
			t.Fatalf("added %d", n)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{ja}, SubmissionIDs: []int64{s1}}); n != 0 {
			t.Fatalf("added again %d", n)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{jb}}); n != 3 {
			t.Fatalf("all added %d", n)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "category", JudgeIDs: []int64{jc}, CategoryIDs: []int64{f.catB}}); n != 1 {
			t.Fatalf("category added %d", n)
		}
		if q := f.queueIDs(ann); !slices.Equal(q, []int64{s1}) {
			t.Fatalf("ann %v", q)
		}
		if q := f.queueIDs(bob); !slices.Equal(q, []int64{s1, s2, s3}) {
			t.Fatalf("bob %v", q)
		}
		if q := f.queueIDs(cat); !slices.Equal(q, []int64{s3}) {
			t.Fatalf("cat %v", q)
		}
		_, err := J.Assignment(as(ann), f.fest.Slug, s2)
		wantCode(t, err, marquee.ENotFound)
		_, err = f.score(ann, s2, 5)
		wantCode(t, err, marquee.ENotFound)
		_, err = J.DeclareConflict(as(ann), f.fest.Slug, s2, "")
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Queue(as(stranger), f.fest.Slug)
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Queue(as(f.org), f.fest.Slug) // the organiser is no judge here
		wantCode(t, err, marquee.ENotFound)
		a, err := J.Assignment(as(ann), f.fest.Slug, s1)
		if err != nil || a.Film == nil || a.Film.ScreenerURL != "https://vimeo.example/one" || a.Film.ScreenerPassword != "pw-one" ||
			a.Submission.FilmmakerName != "Maker" || len(a.Criteria) != 2 || a.MyScore != nil || a.Conflict || a.Submission.Scores != nil {
			t.Fatalf("assignment %+v %v", a, err)
		}
		sc, err := f.score(ann, s1, 7)
		if err != nil || sc.Weighted != 70 || len(sc.Scores) != 2 || sc.Comment != "comment" || sc.PrivateNote != "note" || sc.JudgeName != "Ann" {
			t.Fatalf("score %+v %v", sc, err)
		}
		_, err = J.SaveScore(as(ann), f.fest.Slug, s1, marquee.ScoreInput{Scores: []marquee.CriterionScore{{CriterionID: f.crit[0].ID, Score: 11}}})
		wantCode(t, err, marquee.EInvalid)
		if a, _ := J.Assignment(as(ann), f.fest.Slug, s1); a.MyScore == nil || a.MyScore.Weighted != 70 {
			t.Fatalf("my score %+v", a.MyScore)
		}
		// Category narrowed: cat has documentary only; switching bob to a category drops the rest.
		f.assign(marquee.AssignmentRequest{Mode: "category", JudgeIDs: []int64{jb}, CategoryIDs: []int64{f.catA}})
		if q := f.queueIDs(bob); !slices.Equal(q, []int64{s1, s2}) {
			t.Fatalf("bob narrowed %v", q)
		}
		// Unassign removes the specific assignment.
		wantCode(t, J.Unassign(as(stranger), f.fest.Slug, ja, s1), marquee.ENotFound)
		if err := J.Unassign(as(f.org), f.fest.Slug, ja, s1); err != nil {
			t.Fatal(err)
		}
		wantCode(t, J.Unassign(as(f.org), f.fest.Slug, ja, s1), marquee.ENotFound)
		if q := f.queueIDs(ann); len(q) != 0 {
			t.Fatalf("after unassign %v", q)
		}
		// Bad requests.
		_, err = J.Assign(as(f.org), f.fest.Slug, marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{99999}})
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Assign(as(f.org), f.fest.Slug, marquee.AssignmentRequest{Mode: "category", JudgeIDs: []int64{ja}, CategoryIDs: []int64{99999}})
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Assign(as(f.org), f.fest.Slug, marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{ja}, SubmissionIDs: []int64{99999}})
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Assign(as(stranger), f.fest.Slug, marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{ja}})
		wantCode(t, err, marquee.ENotFound)
		// A withdrawn submission leaves every queue.
		if err := db.ExecForTest(context.Background(), `UPDATE submissions SET status = 'withdrawn' WHERE id = ?`, s2); err != nil {
			t.Fatal(err)
		}
		if q := f.queueIDs(bob); !slices.Equal(q, []int64{s1}) {
			t.Fatalf("bob after withdrawal %v", q)
		}
		list, _ := J.Judges(as(f.org), f.fest.Slug)
		for _, j := range list {
			if j.ID == jb && (j.Assigned != 1 || j.Scope != "category" || !slices.Equal(j.CategoryIDs, []int64{f.catA})) {
				t.Fatalf("bob listed %+v", j)
			}
			if j.ID == ja && (j.Assigned != 0 || j.Scored != 0) {
				t.Fatalf("ann listed %+v", j)
			}
		}
	})
}

func TestJudgeNeverScoresOwnFilm(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		maker := f.user("maker@example.com", "Maker")
		other := f.user("other@example.com", "Other")
		own, theirs := f.submission(maker, "own", f.catA), f.submission(other, "theirs", f.catA)
		jm := f.judge(maker) // a filmmaker who judges the festival they entered
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{jm}})
		if q := f.queueIDs(maker); !slices.Equal(q, []int64{theirs}) {
			t.Fatalf("queue %v", q)
		}
		_, err := f.score(maker, own, 9)
		wantCode(t, err, marquee.ENotFound)
		_, err = J.Assignment(as(maker), f.fest.Slug, own)
		wantCode(t, err, marquee.ENotFound)
		if n := f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{jm}, SubmissionIDs: []int64{own}}); n != 0 {
			t.Fatalf("own film assigned: %d", n)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "spread", JudgeIDs: []int64{jm}, PerSubmission: 1}); n != 0 {
			t.Fatalf("spread gave the own film: %d", n)
		}
		f.mustScore(maker, theirs, 5)
	})
}

func TestJudgeConflict(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		maker := f.user("maker@example.com", "Maker")
		s1, s2 := f.submission(maker, "one", f.catA), f.submission(maker, "two", f.catA)
		ann, bob := f.user("ann@example.com", "Ann"), f.user("bob@example.com", "Bob")
		ja, jb := f.judge(ann), f.judge(bob)
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{ja, jb}})
		f.mustScore(ann, s1, 8)
		f.mustScore(ann, s2, 4)
		f.mustScore(bob, s1, 6)
		if r := f.ranking()[s1]; r.Summary.Judges != 2 || *r.Summary.Weighted != 70 || *r.Summary.Spread != 20 {
			t.Fatalf("before conflict %+v", r.Summary)
		}
		_, err := J.DeclareConflict(as(ann), f.fest.Slug, s1, "  I know the director  ")
		if err != nil {
			t.Fatal(err)
		}
		c, err := J.DeclareConflict(as(ann), f.fest.Slug, s1, "again")
		if err != nil || c.Reason != "I know the director" || c.JudgeID != ja || c.SubmissionID != s1 || c.JudgeName != "Ann" {
			t.Fatalf("conflict %+v %v", c, err)
		}
		// The score is gone and the summaries follow.
		r := f.ranking()
		if r[s1].Summary.Judges != 1 || *r[s1].Summary.Weighted != 60 || *r[s1].Summary.Spread != 0 {
			t.Fatalf("after conflict %+v", r[s1].Summary)
		}
		a, err := J.Assignment(as(ann), f.fest.Slug, s1)
		if err != nil || !a.Conflict || a.Submission != nil || a.Film != nil || a.MyScore != nil {
			t.Fatalf("assignment in conflict %+v %v", a, err)
		}
		q, _ := J.Queue(as(ann), f.fest.Slug)
		if len(q) != 2 || !q[0].Conflict || q[0].Film != nil || q[0].MyScore != nil || q[1].Conflict || q[1].MyScore == nil {
			t.Fatalf("queue %+v", q)
		}
		_, err = f.score(ann, s1, 9)
		if marquee.ErrorCode(err) != marquee.EConflict || marquee.ErrorMessage(err) != "You declared a conflict of interest on this submission" {
			t.Fatalf("score in conflict: %v", err)
		}
		list, err := J.Conflicts(as(f.org), f.fest.Slug)
		if err != nil || len(list) != 1 || list[0].JudgeID != ja || list[0].Reason != "I know the director" {
			t.Fatalf("organiser's conflicts %+v %v", list, err)
		}
		_, err = J.Conflicts(as(bob), f.fest.Slug)
		wantCode(t, err, marquee.ENotFound)
		if js, _ := J.Judges(as(f.org), f.fest.Slug); js[0].Assigned != 1 || js[0].Scored != 1 {
			t.Fatalf("ann's counts %+v", js[0])
		}
		// The organiser reassigns: the conflict stays, bob keeps it.
		_, err = J.DeclareConflict(as(bob), f.fest.Slug, s1, string(make([]byte, 501)))
		wantCode(t, err, marquee.EInvalid)
	})
}

func TestJudgingLocked(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		maker := f.user("maker@example.com", "Maker")
		s1 := f.submission(maker, "one", f.catA)
		ann := f.user("ann@example.com", "Ann")
		ja := f.judge(ann)
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{ja}})
		f.mustScore(ann, s1, 5)
		_, err := J.SetLocked(as(ann), f.fest.Slug, true)
		wantCode(t, err, marquee.ENotFound)
		st, err := J.SetLocked(as(f.org), f.fest.Slug, true)
		if err != nil || !st.JudgingLocked || st.BlindReview {
			t.Fatalf("lock %+v %v", st, err)
		}
		_, err = f.score(ann, s1, 9)
		if marquee.ErrorCode(err) != marquee.EConflict || marquee.ErrorMessage(err) != "Judging is locked" {
			t.Fatalf("locked: %v", err)
		}
		_, err = J.DeclareConflict(as(ann), f.fest.Slug, s1, "")
		wantCode(t, err, marquee.EConflict)
		if a, _ := J.Assignment(as(ann), f.fest.Slug, s1); !a.Locked || a.MyScore.Weighted != 50 {
			t.Fatalf("assignment %+v", a)
		}
		if mine, _ := J.MyFestivals(as(ann)); !mine[0].Locked || mine[0].Scored != 1 || mine[0].Assigned != 1 {
			t.Fatalf("my festivals %+v", mine[0])
		}
		if st, err := J.SetLocked(adminCtx(t, db), f.fest.Slug, false); err != nil || st.JudgingLocked {
			t.Fatalf("unlock %+v %v", st, err)
		}
		f.mustScore(ann, s1, 9)
	})
}

func TestBlindReviewHidesTheFilmmaker(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		J := f.svc.Judging
		maker := f.user("maker@example.com", "Maya Maker")
		s1 := f.submission(maker, "one", f.catA)
		ann := f.user("ann@example.com", "Ann")
		f.assign(marquee.AssignmentRequest{Mode: "all", JudgeIDs: []int64{f.judge(ann)}})
		f.setBlind(true)
		q, err := J.Queue(as(ann), f.fest.Slug)
		if err != nil || len(q) != 1 {
			t.Fatal(err)
		}
		a, err := J.Assignment(as(ann), f.fest.Slug, s1)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []*marquee.Assignment{q[0], a} {
			s, film := a.Submission, a.Film
			if s.FilmmakerName != "" || s.FilmmakerEmail != "" || s.FilmmakerID != 0 || film.OwnerID != 0 || film.Director != "" || len(film.Credits) != 0 {
				t.Fatalf("blind review shows the filmmaker: %+v %+v", s, film)
			}
			if film.ScreenerURL == "" || film.Title != "one" {
				t.Fatalf("blind review hides the film: %+v", film)
			}
		}
		f.setBlind(false)
		a, _ = J.Assignment(as(ann), f.fest.Slug, s1)
		if a.Submission.FilmmakerName != "Maya Maker" || a.Submission.FilmmakerEmail != "maker@example.com" || len(a.Film.Credits) != 1 || a.Film.Director != "Maya Maker" {
			t.Fatalf("open review: %+v %+v", a.Submission, a.Film)
		}
	})
}

func TestSpreadEvenlyInTheStore(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker := f.user("maker@example.com", "Maker")
		var subs []int64
		for i := range 10 {
			subs = append(subs, f.submission(maker, "film"+string(rune('a'+i)), f.catA))
		}
		var judges []int64
		for _, e := range []string{"a", "b", "c", "d"} {
			judges = append(judges, f.judge(f.user(e+"@example.com", e)))
		}
		// One judge declared a conflict on the first submission first.
		f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: judges[:1], SubmissionIDs: subs[:1]})
		if _, err := f.svc.Judging.DeclareConflict(as(mustUser(t, db, "a@example.com")), f.fest.Slug, subs[0], ""); err != nil {
			t.Fatal(err)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "spread", JudgeIDs: judges, PerSubmission: 3}); n != 30 {
			t.Fatalf("added %d, want 30", n)
		}
		if n := f.assign(marquee.AssignmentRequest{Mode: "spread", JudgeIDs: judges, PerSubmission: 3}); n != 0 {
			t.Fatalf("second spread added %d", n)
		}
		ctx := context.Background()
		for _, s := range subs {
			n, err := db.Int64ForTest(ctx, `SELECT COUNT(*) FROM judge_assignments ja WHERE ja.submission_id = ?
				AND NOT EXISTS (SELECT 1 FROM judge_conflicts jc WHERE jc.judge_id = ja.judge_id AND jc.submission_id = ja.submission_id)`, s)
			if err != nil || n != 3 {
				t.Fatalf("submission %d has %d judges (%v)", s, n, err)
			}
		}
		lo, hi := math.MaxInt, 0
		list, _ := f.svc.Judging.Judges(as(f.org), f.fest.Slug)
		for _, j := range list {
			lo, hi = min(lo, j.Assigned), max(hi, j.Assigned)
		}
		if hi-lo > 1 {
			t.Fatalf("loads %d..%d", lo, hi)
		}
	})
}

func mustUser(t *testing.T, db *storetest.DB, email string) *marquee.User {
	t.Helper()
	u, err := db.Users.FindUserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestCalibratedRankingDiffers: a harsh judge and a generous one each
// score half of the submissions; by weighted score the generous judge's
// films take the top, calibrated each judge's best ties first.
func TestCalibratedRankingDiffers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newJudgingFixture(t, db)
		maker := f.user("maker@example.com", "Maker")
		s1, s2 := f.submission(maker, "h1", f.catA), f.submission(maker, "h2", f.catA)
		s3, s4 := f.submission(maker, "g1", f.catA), f.submission(maker, "g2", f.catA)
		s5 := f.submission(maker, "unscored", f.catA)
		other := f.submission(maker, "doc", f.catB)
		harsh, generous := f.user("harsh@example.com", "Harsh"), f.user("generous@example.com", "Generous")
		jh, jg := f.judge(harsh), f.judge(generous)
		f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{jh}, SubmissionIDs: []int64{s1, s2}})
		f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{jg}, SubmissionIDs: []int64{s3, s4, other}})
		f.mustScore(harsh, s1, 4)
		f.mustScore(harsh, s2, 2)
		f.mustScore(generous, s3, 9)
		f.mustScore(generous, s4, 7)
		f.mustScore(generous, other, 8)
		f.mustScore(harsh, s1, 3) // an edit moves the harsh judge's mean
		f.mustScore(harsh, s1, 4)
		weightedOrder := f.rankingPage(f.catA, marquee.RankingSortWeighted, 1)
		calibratedOrder := f.rankingPage(f.catA, marquee.RankingSortCalibrated, 1)
		if weightedOrder.Total != 5 || len(weightedOrder.Items) != 5 || calibratedOrder.Total != 5 || len(calibratedOrder.Items) != 5 {
			t.Fatalf("ranking %+v %+v", weightedOrder, calibratedOrder)
		}
		type want struct {
			weighted, calibrated float64
			rw, rc               int
		}
		// Generous: 90, 80, 70 (mean 80, sd 8.165): s3 +1.2247, s4 -1.2247; harsh: 40, 20: s1 +1, s2 -1.
		wants := map[int64]want{s1: {40, 1, 3, 2}, s2: {20, -1, 4, 3}, s3: {90, math.Sqrt(1.5), 1, 1}, s4: {70, -math.Sqrt(1.5), 2, 4}}
		for i, id := range []int64{s3, s4, s1, s2, s5} {
			if x := weightedOrder.Items[i]; x.Submission.ID != id || x.Rank != wants[id].rw {
				t.Errorf("weighted line %d: submission %d rank %d, want %d rank %d", i, x.Submission.ID, x.Rank, id, wants[id].rw)
			}
		}
		for i, id := range []int64{s3, s1, s2, s4, s5} {
			if x := calibratedOrder.Items[i]; x.Submission.ID != id || x.Rank != wants[id].rc {
				t.Errorf("calibrated line %d: submission %d rank %d, want %d rank %d", i, x.Submission.ID, x.Rank, id, wants[id].rc)
			}
		}
		for _, x := range weightedOrder.Items[:4] {
			w := wants[x.Submission.ID]
			if x.Summary.Judges != 1 || math.Abs(*x.Summary.Weighted-w.weighted) > 1e-9 || math.Abs(*x.Summary.Calibrated-w.calibrated) > 1e-9 ||
				x.Submission.Scores == nil {
				t.Errorf("submission %d: %+v, want %+v", x.Submission.ID, x.Summary, w)
			}
		}
		if x := weightedOrder.Items[4]; x.Summary.Judges != 0 || x.Summary.Weighted != nil || x.Summary.Calibrated != nil || x.Rank != 0 {
			t.Errorf("unscored %+v", x)
		}
		_, err := f.svc.Judging.Ranking(as(f.org), f.fest.Slug, marquee.RankingFilter{CategoryID: 99999})
		wantCode(t, err, marquee.ENotFound)
		_, err = f.svc.Judging.Ranking(as(harsh), f.fest.Slug, marquee.RankingFilter{CategoryID: f.catA})
		wantCode(t, err, marquee.ENotFound)
		// A page ranks from the line above it: page 2 of 2 a page.
		p2 := f.rankingPageOf(f.catA, marquee.RankingSortCalibrated, 2, 2)
		if p2.Total != 5 || len(p2.Items) != 2 || p2.Items[0].Submission.ID != s2 || p2.Items[0].Rank != 3 || p2.Items[1].Rank != 4 {
			t.Errorf("page 2 %+v", p2)
		}
		// Removing the generous judge removes their scores and summaries.
		if err := f.svc.Judging.RemoveJudge(as(f.org), f.fest.Slug, jg); err != nil {
			t.Fatal(err)
		}
		if x := f.ranking()[s3]; x.Summary.Judges != 0 || x.Summary.Weighted != nil || x.Summary.Calibrated != nil {
			t.Fatalf("after removal %+v", x.Summary)
		}
	})
}
