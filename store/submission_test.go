package store_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestSubmitFeeTierAtDeadlineBoundary(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 4)
		grant(t, db.DB, f.maker.ID, 100)
		day := func(d string) time.Time { t, _ := time.Parse("2006-01-02", d); return t.Add(23 * time.Hour) }
		for i, c := range []struct {
			today string
			tier  marquee.DeadlineTier
			fee   int64
		}{
			{"2026-03-01", marquee.TierEarly, 10},   // the early deadline's own day
			{"2026-03-02", marquee.TierRegular, 20}, // the day after
			{"2026-05-01", marquee.TierLate, 30},    // the last day
		} {
			db.Clock.Set(day(c.today))
			q, err := f.svc.Submissions.Quote(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, i)}})
			if err != nil || q.Lines[0].Tier != c.tier || q.Lines[0].Fee != c.fee || q.Total != c.fee {
				t.Fatalf("%s: quote %+v %v", c.today, q, err)
			}
			r := f.submit(t, f.maker, f.film, "", i)
			if s := r.Submissions[0]; s.Tier != c.tier || s.FeeCredits != c.fee || s.PaidCredits != c.fee || r.Total != c.fee {
				t.Fatalf("%s: %+v", c.today, s)
			}
		}
		if got := credits(t, db.DB, f.maker.ID); got != 100-10-20-30 {
			t.Fatalf("balance %d", got)
		}
		db.Clock.Set(day("2026-05-02"))
		_, err := f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 3)}})
		if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorMessage(err) != "The deadline for C4 has passed" {
			t.Fatalf("after the last deadline: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'submission-fee'`); n != 3 {
			t.Fatalf("%d fee rows", n)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestSubmitRefusesDoubleEntry(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 2)
		grant(t, db.DB, f.maker.ID, 100)
		first := f.submit(t, f.maker, f.film, "", 0)
		ns := marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 1), entry(f.fest, 0)}}
		_, err := f.svc.Submissions.Submit(as(f.maker), ns)
		if marquee.ErrorCode(err) != marquee.EConflict || marquee.ErrorMessage(err) != "This film is already entered in C1" {
			t.Fatalf("double entry: %v", err)
		}
		if _, err := f.svc.Submissions.Quote(as(f.maker), ns); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("quote of a double entry: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions`); n != 1 || credits(t, db.DB, f.maker.ID) != 90 {
			t.Fatalf("%d submissions, balance %d", n, credits(t, db.DB, f.maker.ID))
		}
		// The same category twice in one request is refused before anything.
		_, err = f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 1), entry(f.fest, 1)}})
		wantCode(t, err, marquee.EInvalid)
		// Withdrawn, the film may enter the category again.
		if _, err := f.svc.Submissions.Withdraw(as(f.maker), first.Submissions[0].ID); err != nil {
			t.Fatal(err)
		}
		f.submit(t, f.maker, f.film, "", 0)
		// Someone else's film cannot be entered.
		other := newOrganiser(t, db, "other@example.com")
		grant(t, db.DB, other.ID, 100)
		_, err = f.svc.Submissions.Submit(as(other), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 1)}})
		wantCode(t, err, marquee.EInvalid)
		assertLedgerBalanced(t, db.DB)
	})
}

func TestSubmitWithoutEnoughCreditsWritesNothing(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 3)
		grant(t, db.DB, f.maker.ID, 25)
		_, err := f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film,
			Entries: []marquee.SubmissionEntry{entry(f.fest, 0), entry(f.fest, 1), entry(f.fest, 2)}})
		if marquee.ErrorCode(err) != marquee.EInsufficientCredits ||
			marquee.ErrorMessage(err) != "Not enough credits: these entries cost 30 credits and your balance is 25." {
			t.Fatalf("got %v", err)
		}
		if count(t, db.DB, `SELECT COUNT(*) FROM submissions`) != 0 || count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`) != 1 ||
			credits(t, db.DB, f.maker.ID) != 25 {
			t.Fatal("a refused submission wrote something")
		}
		q, err := f.svc.Submissions.Quote(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, 0)}})
		if err != nil || q.Total != 10 || q.Balance != 25 {
			t.Fatalf("quote %+v %v", q, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// TestSubmitConcurrently: 20 submissions at once by one filmmaker holding
// credits for 10 leave exactly 10 and a balance of zero.
func TestSubmitConcurrently(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 20)
		grant(t, db.DB, f.maker.ID, 100) // 10 early entries of 10
		var wg sync.WaitGroup
		errs := make([]error, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, Entries: []marquee.SubmissionEntry{entry(f.fest, i)}})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch marquee.ErrorCode(err) {
			case "":
				ok++
			case marquee.EInsufficientCredits:
			default:
				t.Fatalf("unexpected error: %v", err)
			}
		}
		if ok != 10 || count(t, db.DB, `SELECT COUNT(*) FROM submissions`) != 10 || credits(t, db.DB, f.maker.ID) != 0 ||
			count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'submission-fee'`) != 10 {
			t.Fatalf("%d succeeded, %d submissions, balance %d", ok, count(t, db.DB, `SELECT COUNT(*) FROM submissions`), credits(t, db.DB, f.maker.ID))
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestSubmitWithWaiver(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 5)
		grant(t, db.DB, f.maker.ID, 100)
		org := as(f.org)
		half, err := f.svc.Submissions.CreateWaiver(org, f.fest.Slug, marquee.NewWaiver{Code: " half-off ", Percent: 55, UsageLimit: 2, ExpiresOn: "2026-03-10"})
		if err != nil || half.Code != "HALF-OFF" || half.Used != 0 {
			t.Fatalf("create waiver %+v %v", half, err)
		}
		if _, err := f.svc.Submissions.CreateWaiver(org, f.fest.Slug, marquee.NewWaiver{Code: "HALF-OFF", Percent: 10, UsageLimit: 2, ExpiresOn: "2026-03-10"}); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("duplicate code: %v", err)
		}
		// 55 % of 10: the discount rounds down (5), the price up (5).
		q, err := f.svc.Submissions.Quote(as(f.maker), marquee.NewSubmission{FilmID: f.film, WaiverCode: "half-off",
			Entries: []marquee.SubmissionEntry{entry(f.fest, 0), entry(f.fest, 1)}})
		if err != nil || !q.WaiverApplied || q.Lines[0].Discount != 5 || q.Lines[0].Price != 5 || q.Total != 10 {
			t.Fatalf("quote %+v %v", q, err)
		}
		r := f.submit(t, f.maker, f.film, "half-off", 0, 1)
		if r.Total != 10 || r.Balance != 90 || r.Submissions[0].WaiverCode != "HALF-OFF" || r.Submissions[0].PaidCredits != 5 || r.Submissions[0].FeeCredits != 10 {
			t.Fatalf("%+v %+v", r, r.Submissions[0])
		}
		// Used past its limit: refused, nothing written.
		_, err = f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, WaiverCode: "HALF-OFF", Entries: []marquee.SubmissionEntry{entry(f.fest, 2)}})
		if marquee.ErrorMessage(err) != "This waiver code has been used up" {
			t.Fatalf("used up: %v", err)
		}
		// A full waiver writes no ledger row (the ledger refuses delta 0).
		if _, err := f.svc.Submissions.CreateWaiver(org, f.fest.Slug, marquee.NewWaiver{Code: "FREE", Percent: 100, UsageLimit: 1, ExpiresOn: "2026-03-01"}); err != nil {
			t.Fatal(err)
		}
		free := f.submit(t, f.maker, f.film, "free", 2)
		if free.Total != 0 || free.Submissions[0].PaidCredits != 0 || free.Submissions[0].FeeCredits != 10 {
			t.Fatalf("free %+v", free.Submissions[0])
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'submission-fee'`); n != 2 {
			t.Fatalf("%d fee rows", n)
		}
		// Expired the day after its last day.
		if _, err := f.svc.Submissions.CreateWaiver(org, f.fest.Slug, marquee.NewWaiver{Code: "LATE", Percent: 100, UsageLimit: 5, ExpiresOn: "2026-03-01"}); err != nil {
			t.Fatal(err)
		}
		db.Clock.Set(subNow.Add(24 * time.Hour))
		_, err = f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, WaiverCode: "LATE", Entries: []marquee.SubmissionEntry{entry(f.fest, 3)}})
		if marquee.ErrorMessage(err) != "This waiver code has expired" {
			t.Fatalf("expired: %v", err)
		}
		// Another festival's code does not apply.
		other := f.newFestival(t, f.org, "Osaka Docs", 1)
		_, err = f.svc.Submissions.Submit(as(f.maker), marquee.NewSubmission{FilmID: f.film, WaiverCode: "FREE",
			Entries: []marquee.SubmissionEntry{{FestivalID: other.ID, CategoryID: other.Categories[0].ID}}})
		wantCode(t, err, marquee.EInvalid)
		ws, err := f.svc.Submissions.Waivers(org, f.fest.Slug)
		if err != nil || len(ws) != 3 {
			t.Fatalf("waivers %v %v", ws, err)
		}
		used := map[string]int{}
		for _, w := range ws {
			used[w.Code] = w.Used
		}
		if used["HALF-OFF"] != 2 || used["FREE"] != 1 || used["LATE"] != 0 {
			t.Fatalf("uses %v", used)
		}
		if err := f.svc.Submissions.DeleteWaiver(org, f.fest.Slug, half.ID); err != nil {
			t.Fatal(err)
		}
		wantCode(t, f.svc.Submissions.DeleteWaiver(org, f.fest.Slug, half.ID), marquee.ENotFound)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE waiver_code = 'HALF-OFF' AND waiver_id IS NULL`); n != 2 {
			t.Fatalf("submissions lost their code: %d", n)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestWithdraw(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 3)
		grant(t, db.DB, f.maker.ID, 100)
		r := f.submit(t, f.maker, f.film, "", 0, 1, 2)
		a, b, c := r.Submissions[0].ID, r.Submissions[1].ID, r.Submissions[2].ID
		// Someone else's submission does not exist for them.
		stranger := newOrganiser(t, db, "stranger@example.com")
		_, err := f.svc.Submissions.Withdraw(as(stranger), a)
		wantCode(t, err, marquee.ENotFound)
		// Without refunds: withdrawn, the credits stay spent.
		w, err := f.svc.Submissions.Withdraw(as(f.maker), a)
		if err != nil || w.Status != marquee.SubmissionWithdrawn || w.WithdrawnAt == nil || w.RefundedCredits != 0 || credits(t, db.DB, f.maker.ID) != 70 {
			t.Fatalf("%+v %v", w, err)
		}
		_, err = f.svc.Submissions.Withdraw(as(f.maker), a)
		wantCode(t, err, marquee.EConflict)
		// With refunds: the fee comes back as a ledger row.
		if _, err := f.svc.Submissions.UpdateSettings(as(f.org), f.fest.Slug, marquee.SettingsChange{RefundOnWithdraw: new(true)}); err != nil {
			t.Fatal(err)
		}
		w, err = f.svc.Submissions.Withdraw(as(f.maker), b)
		if err != nil || w.RefundedCredits != 10 || credits(t, db.DB, f.maker.ID) != 80 {
			t.Fatalf("%+v %v balance %d", w, err, credits(t, db.DB, f.maker.ID))
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'submission-refund' AND delta = 10`); n != 1 {
			t.Fatalf("%d refund rows", n)
		}
		// A decided submission cannot be withdrawn.
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{c}, marquee.Decision{Status: marquee.SubmissionInConsideration}); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Submissions.Withdraw(as(f.maker), c)
		wantCode(t, err, marquee.EConflict)
		mine, err := f.svc.Submissions.Mine(as(f.maker), marquee.SubmissionFilter{Status: marquee.SubmissionWithdrawn})
		if err != nil || mine.Total != 2 || mine.PerPage != marquee.SubmissionsPerPage {
			t.Fatalf("mine %+v %v", mine, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestDecide(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 3)
		grant(t, db.DB, f.maker.ID, 100)
		r := f.submit(t, f.maker, f.film, "", 0, 1, 2)
		a, b, c := r.Submissions[0].ID, r.Submissions[1].ID, r.Submissions[2].ID
		// A judge's comment and private note on a.
		ctx := context.Background()
		judge, err := db.Int64ForTest(ctx, `INSERT INTO judges (festival_id, user_id, email, token_hash, status, scope, invited_at, accepted_at)
			VALUES (?, ?, 'judge@example.com', 'h1', 'active', 'all', ?, ?) RETURNING id`, f.fest.ID, f.org.ID, subNow, subNow)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO judge_scores (judge_id, submission_id, weighted, comment, private_note, updated_at)
			VALUES (?, ?, 80, 'Lovely pacing', 'Knows the producer', ?)`, judge, a, subNow); err != nil {
			t.Fatal(err)
		}
		org := as(f.org)
		out, err := f.svc.Submissions.Decide(org, f.fest.Slug, []int64{a, b, a}, marquee.Decision{Status: marquee.SubmissionAwardWinner, AwardName: " Best Short ", ShareComments: true})
		if err != nil || len(out) != 2 || out[0].ID != a || out[0].Status != marquee.SubmissionAwardWinner || out[0].AwardName != "Best Short" || out[0].DecidedAt == nil {
			t.Fatalf("decide %+v %v", out, err)
		}
		mails, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{})
		if err != nil || mails.Total != 2 {
			t.Fatalf("outbox %+v %v", mails, err)
		}
		for _, m := range mails.Items {
			if m.Kind != "decision" || m.To != "maker@example.com" || m.Language != "ja" || m.Status != marquee.MailKept {
				t.Fatalf("mail %+v", m)
			}
		}
		// Award winner needs a name; a withdrawn submission is refused, the whole batch with it.
		_, err = f.svc.Submissions.Decide(org, f.fest.Slug, []int64{c}, marquee.Decision{Status: marquee.SubmissionAwardWinner})
		wantCode(t, err, marquee.EInvalid)
		if _, err := f.svc.Submissions.Withdraw(as(f.maker), c); err != nil {
			t.Fatal(err)
		}
		_, err = f.svc.Submissions.Decide(org, f.fest.Slug, []int64{a, c}, marquee.Decision{Status: marquee.SubmissionSelected})
		wantCode(t, err, marquee.EConflict)
		// Another organiser's festival does not exist for them; nor an id of another festival.
		stranger := newOrganiser(t, db, "stranger@example.com")
		_, err = f.svc.Submissions.Decide(as(stranger), f.fest.Slug, []int64{a}, marquee.Decision{Status: marquee.SubmissionSelected})
		wantCode(t, err, marquee.ENotFound)
		theirs := f.newFestival(t, stranger, "Other Fest", 1)
		_, err = f.svc.Submissions.Decide(as(stranger), theirs.Slug, []int64{a}, marquee.Decision{Status: marquee.SubmissionSelected})
		wantCode(t, err, marquee.ENotFound)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox`); n != 2 {
			t.Fatalf("refused decisions e-mailed: %d", n)
		}
		// The filmmaker sees the decision and the shared comment, never the note nor the flag.
		if _, err := f.svc.Submissions.SetFlag(org, f.fest.Slug, a, marquee.FlagStrongContender); err != nil {
			t.Fatal(err)
		}
		mine, err := f.svc.Submissions.Mine(as(f.maker), marquee.SubmissionFilter{})
		if err != nil || mine.Total != 3 {
			t.Fatalf("mine %+v %v", mine, err)
		}
		for _, s := range mine.Items {
			if s.Flag != "" || s.Scores != nil {
				t.Fatalf("filmmaker sees the team's flag or scores: %+v", s)
			}
			if s.ID == a && (len(s.Feedback) != 1 || s.Feedback[0] != "Lovely pacing" || s.AwardName != "Best Short") {
				t.Fatalf("feedback %+v", s)
			}
			if s.ID == b && len(s.Feedback) != 0 {
				t.Fatalf("b has no comments: %+v", s.Feedback)
			}
		}
		// Sharing off again hides them.
		if _, err := f.svc.Submissions.Decide(org, f.fest.Slug, []int64{a}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		mine, _ = f.svc.Submissions.Mine(as(f.maker), marquee.SubmissionFilter{Status: marquee.SubmissionSelected})
		if mine.Total != 1 || len(mine.Items[0].Feedback) != 0 || mine.Items[0].AwardName != "" {
			t.Fatalf("after unsharing %+v", mine.Items)
		}
		// Detail: film with the screener and credits, the scores with the judge's name, the judges.
		d, err := f.svc.Submissions.Detail(org, f.fest.Slug, a)
		if err != nil || d.Film.ScreenerPassword != "secret" || len(d.Film.Credits) != 1 || len(d.Scores) != 1 ||
			d.Scores[0].JudgeName != "Org" || d.Scores[0].PrivateNote != "Knows the producer" || d.Submission.Flag != marquee.FlagStrongContender {
			t.Fatalf("detail %+v %v", d, err)
		}
		// The organiser is the judge here, and the film is not theirs: they may score it.
		if len(d.Judges) != 1 || d.Judges[0].ID != judge {
			t.Fatalf("judges %+v", d.Judges)
		}
		_, err = f.svc.Submissions.Detail(as(stranger), f.fest.Slug, a)
		wantCode(t, err, marquee.ENotFound)
		_, err = f.svc.Submissions.Detail(as(stranger), theirs.Slug, a)
		wantCode(t, err, marquee.ENotFound)
		assertLedgerBalanced(t, db.DB)
	})
}

func TestReceivedFiltersAndSorts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 2)
		grant(t, db.DB, f.maker.ID, 1000)
		films := []int64{f.film, f.newFilm(t, f.maker, "Second", "FR"), f.newFilm(t, f.maker, "Third", "JP")}
		var ids []int64
		for i, film := range films {
			db.Clock.Set(subNow.Add(time.Duration(i) * time.Minute))
			r := f.submit(t, f.maker, film, "", 0, 1)
			ids = append(ids, r.Submissions[0].ID, r.Submissions[1].ID)
		}
		// Scores: ids[0] 90, ids[1] 40, ids[2] 70, others unscored; calibrated reversed.
		ctx := context.Background()
		for id, sc := range map[int64][2]float64{ids[0]: {90, -1}, ids[1]: {40, 1}, ids[2]: {70, 0.5}} {
			if err := db.ExecForTest(ctx, `UPDATE submissions SET score_judges = 2, score_weighted = ?, score_spread = 5 WHERE id = ?`, sc[0], id); err != nil {
				t.Fatal(err)
			}
			if err := db.ExecForTest(ctx, `INSERT INTO calibrated_scores (festival_id, submission_id, category_id, calibrated)
				SELECT festival_id, id, category_id, ? FROM submissions WHERE id = ?`, sc[1], id); err != nil {
				t.Fatal(err)
			}
		}
		org := as(f.org)
		if _, err := f.svc.Submissions.SetFlag(org, f.fest.Slug, ids[3], marquee.FlagNeedsReview); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Submissions.SetFlag(org, f.fest.Slug, ids[3], "purple"); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("bad flag: %v", err)
		}
		if _, err := f.svc.Submissions.Decide(org, f.fest.Slug, []int64{ids[4]}, marquee.Decision{Status: marquee.SubmissionFinalist}); err != nil {
			t.Fatal(err)
		}
		min, max := 50.0, 95.0
		for name, c := range map[string]struct {
			filter marquee.ReceivedFilter
			want   []int64
		}{
			"date":        {marquee.ReceivedFilter{}, []int64{ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]}},
			"score":       {marquee.ReceivedFilter{Sort: marquee.ReceivedSortScore}, []int64{ids[0], ids[2], ids[1], ids[3], ids[4], ids[5]}},
			"calibrated":  {marquee.ReceivedFilter{Sort: marquee.ReceivedSortCalibrated}, []int64{ids[1], ids[2], ids[0], ids[3], ids[4], ids[5]}},
			"category":    {marquee.ReceivedFilter{CategoryID: f.fest.Categories[1].ID, Sort: marquee.ReceivedSortScore}, []int64{ids[1], ids[3], ids[5]}},
			"status":      {marquee.ReceivedFilter{Status: marquee.SubmissionFinalist}, []int64{ids[4]}},
			"country":     {marquee.ReceivedFilter{Country: "FR"}, []int64{ids[3], ids[2]}},
			"flag":        {marquee.ReceivedFilter{Flag: string(marquee.FlagNeedsReview)}, []int64{ids[3]}},
			"no flag":     {marquee.ReceivedFilter{Flag: marquee.FlagFilterNone, Country: "FR"}, []int64{ids[2]}},
			"score range": {marquee.ReceivedFilter{MinScore: &min, MaxScore: &max, Sort: marquee.ReceivedSortScore}, []int64{ids[0], ids[2]}},
			// Calibrated: the scored in calibrated_scores' order, then the unscored by id.
			"calibrated category": {marquee.ReceivedFilter{CategoryID: f.fest.Categories[1].ID, Sort: marquee.ReceivedSortCalibrated}, []int64{ids[1], ids[3], ids[5]}},
			"calibrated country":  {marquee.ReceivedFilter{Country: "FR", Sort: marquee.ReceivedSortCalibrated}, []int64{ids[2], ids[3]}},
			"calibrated range":    {marquee.ReceivedFilter{MinScore: &min, Sort: marquee.ReceivedSortCalibrated}, []int64{ids[2], ids[0]}},
		} {
			p, err := f.svc.Submissions.Received(org, f.fest.Slug, c.filter)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var got []int64
			for _, s := range p.Items {
				got = append(got, s.ID)
			}
			if len(got) != len(c.want) || p.Total != int64(len(c.want)) || p.PerPage != marquee.ReceivedPerPage {
				t.Fatalf("%s: got %v (total %d), want %v", name, got, p.Total, c.want)
			}
			for i := range got {
				if got[i] != c.want[i] {
					t.Fatalf("%s: got %v, want %v", name, got, c.want)
				}
			}
		}
		// Pages of two in calibrated order: the second crosses from the
		// scored to the unscored, the third has only unscored ones.
		var paged []int64
		for page := 1; page <= 4; page++ {
			p, err := f.svc.Submissions.Received(org, f.fest.Slug, marquee.ReceivedFilter{Sort: marquee.ReceivedSortCalibrated,
				PageRequest: marquee.PageRequest{Page: page, PerPage: 2}})
			if err != nil || p.Total != 6 || len(p.Items) > 2 || (page < 4) != (len(p.Items) == 2) {
				t.Fatalf("calibrated page %d: %+v %v", page, p, err)
			}
			for _, s := range p.Items {
				paged = append(paged, s.ID)
			}
		}
		if want := []int64{ids[1], ids[2], ids[0], ids[3], ids[4], ids[5]}; !slices.Equal(paged, want) {
			t.Fatalf("calibrated pages %v, want %v", paged, want)
		}
		p, _ := f.svc.Submissions.Received(org, f.fest.Slug, marquee.ReceivedFilter{Sort: marquee.ReceivedSortScore})
		if s := p.Items[0]; s.Scores == nil || s.Scores.Judges != 2 || *s.Scores.Weighted != 90 || *s.Scores.Spread != 5 || s.FilmmakerEmail != "maker@example.com" {
			t.Fatalf("first %+v %+v", s, s.Scores)
		}
		if s := p.Items[5]; s.Scores.Weighted != nil {
			t.Fatalf("unscored %+v", s.Scores)
		}
		// Export: every submission, oldest first, with its scores.
		rows, err := f.svc.Submissions.Export(org, f.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		var all []*marquee.Submission
		for s, err := range rows {
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, s)
		}
		if len(all) != 6 || all[0].FilmTitle != "Night Train" || all[3].Country != "FR" || all[0].Scores == nil ||
			!slices.IsSortedFunc(all, func(a, b *marquee.Submission) int { return a.CreatedAt.Compare(b.CreatedAt) }) {
			t.Fatalf("export %v", all)
		}
		// A category with submissions cannot be removed.
		fest, _ := f.Festivals.FestivalByID(ctx, f.fest.ID)
		_, err = f.Festivals.ReplaceCategories(org, fest.Slug, fest.Version, fest.Categories[:1])
		if marquee.ErrorCode(err) != marquee.EConflict || marquee.ErrorMessage(err) != "A category with submissions cannot be removed" {
			t.Fatalf("remove category: %v", err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// TestOrganiserRoutesRefuseStrangers: every organiser method answers a
// stranger as for a missing festival; an admin may.
func TestOrganiserRoutesRefuseStrangers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 1)
		grant(t, db.DB, f.maker.ID, 100)
		id := f.submit(t, f.maker, f.film, "", 0).Submissions[0].ID
		svc := f.svc.Submissions
		slug := f.fest.Slug
		calls := func(ctx context.Context) []error {
			_, e1 := svc.Received(ctx, slug, marquee.ReceivedFilter{})
			_, e2 := svc.Detail(ctx, slug, id)
			_, e3 := svc.SetFlag(ctx, slug, id, marquee.FlagNeedsReview)
			_, e4 := svc.Export(ctx, slug)
			_, e5 := svc.Settings(ctx, slug)
			_, e6 := svc.UpdateSettings(ctx, slug, marquee.SettingsChange{BlindReview: new(true)})
			_, e7 := svc.Waivers(ctx, slug)
			_, e8 := svc.CreateWaiver(ctx, slug, marquee.NewWaiver{Code: "ABC", Percent: 10, UsageLimit: 1, ExpiresOn: "2026-12-01"})
			e9 := svc.DeleteWaiver(ctx, slug, 1)
			_, e10 := svc.Decide(ctx, slug, []int64{id}, marquee.Decision{Status: marquee.SubmissionSelected})
			return []error{e1, e2, e3, e4, e5, e6, e7, e8, e9, e10}
		}
		for i, err := range calls(as(f.maker)) {
			if marquee.ErrorCode(err) != marquee.ENotFound || marquee.ErrorMessage(err) != "Festival not found" {
				t.Fatalf("call %d as a stranger: %v", i+1, err)
			}
		}
		for i, err := range calls(adminCtx(t, db)) {
			if err != nil && i != 8 { // no waiver 1 to delete... it was just created: id 1
				t.Fatalf("call %d as admin: %v", i+1, err)
			}
		}
		s, err := svc.Settings(as(f.org), slug)
		if err != nil || !s.BlindReview || s.RefundOnWithdraw || s.JudgingLocked {
			t.Fatalf("settings %+v %v", s, err)
		}
		_, err = svc.Received(context.Background(), slug, marquee.ReceivedFilter{})
		wantCode(t, err, marquee.EUnauthorized)
		assertLedgerBalanced(t, db.DB)
	})
}

// TestUpdateSettingsChangesOnlyWhatItNames: a change keeps every setting
// it leaves out, and two changes at once of different settings both hold
// (the row is locked while a change is applied), on both databases.
func TestUpdateSettingsChangesOnlyWhatItNames(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 1)
		svc, org, slug := f.svc.Submissions, as(f.org), f.fest.Slug
		set := func(c marquee.SettingsChange) *marquee.FestivalSettings {
			t.Helper()
			s, err := svc.UpdateSettings(org, slug, c)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		if s := set(marquee.SettingsChange{}); *s != (marquee.FestivalSettings{MinJudges: marquee.DefaultMinJudges}) {
			t.Fatalf("empty change on no row: %+v", s)
		}
		set(marquee.SettingsChange{BlindReview: new(true)})
		if s := set(marquee.SettingsChange{RefundOnWithdraw: new(true)}); !s.BlindReview || !s.RefundOnWithdraw {
			t.Fatalf("refund alone: %+v", s)
		}
		if s := set(marquee.SettingsChange{}); !s.BlindReview || !s.RefundOnWithdraw {
			t.Fatalf("empty change: %+v", s)
		}
		for round := range 10 {
			set(marquee.SettingsChange{BlindReview: new(false), RefundOnWithdraw: new(false)})
			var wg sync.WaitGroup
			errs := make(chan error, 2)
			for _, c := range []marquee.SettingsChange{{BlindReview: new(true)}, {RefundOnWithdraw: new(true)}} {
				wg.Go(func() {
					_, err := svc.UpdateSettings(org, slug, c)
					errs <- err
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			s, err := svc.Settings(org, slug)
			if err != nil || !s.BlindReview || !s.RefundOnWithdraw {
				t.Fatalf("round %d: two changes at once: %+v %v", round, s, err)
			}
		}
	})
}
