package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	seeddata "github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestSeedSubmissions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		if err := db.Users.SeedUsers(ctx, 300, store.SeedUsersOptions{PasswordHash: "h", Span: 365 * 24 * time.Hour}); err != nil {
			t.Fatal(err)
		}
		org := newOrganiser(t, db, "seed-organiser@example.com")
		if err := db.Festivals.Import(ctx, org.ID, seeddata.Festivals(30, 1, db.Services.Now())); err != nil {
			t.Fatal(err)
		}
		res, err := db.Submissions.SeedSubmissions(ctx, 401, store.SeedSubmissionsOptions{HotSize: 60, Seed: 1, PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		if res.Submissions != 401 || res.Films != 201 || res.HotSubmissions != 60 || res.HotSlug == "" || len(res.Judges) != 3 {
			t.Fatalf("result %+v", res)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions`); n != 401 {
			t.Fatalf("%d submissions, want 401", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM films`); n != 201 {
			t.Fatalf("%d films, want 201", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE festival_id = ?`, res.HotFestivalID); n != 60 {
			t.Fatalf("the hot festival has %d submissions, want 60", n)
		}
		// Every submission goes to an approved festival, at a fee of its category's deadlines, paid.
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions s JOIN festivals f ON f.id = s.festival_id
			WHERE f.status <> 'approved' OR s.paid_credits <> s.fee_credits
			OR NOT EXISTS (SELECT 1 FROM festival_deadlines d WHERE d.category_id = s.category_id AND d.tier = s.tier AND d.fee = s.fee_credits)`); n != 0 {
			t.Fatalf("%d submissions off their category's fees", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions s JOIN films f ON f.id = s.film_id WHERE f.owner_id <> s.filmmaker_id OR f.country <> s.country`); n != 0 {
			t.Fatalf("%d submissions not by their film's owner or country", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE status <> 'submitted'`); n == 0 || n > 200 {
			t.Fatalf("%d decided or considered submissions, want some", n)
		}
		// The jury scored all the hot festival's entries, and only those.
		criteria := count(t, db.DB, `SELECT COUNT(*) FROM festival_criteria WHERE festival_id = ?`, res.HotFestivalID)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM judge_scores`); n != 180 {
			t.Fatalf("%d judge scores, want 180", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM judge_criterion_scores`); n != 180*criteria {
			t.Fatalf("%d criterion scores, want %d", n, 180*criteria)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions s WHERE festival_id = ? AND
			(score_judges <> 3 OR score_weighted IS NULL OR score_spread IS NULL
				OR NOT EXISTS (SELECT 1 FROM calibrated_scores cs WHERE cs.submission_id = s.id AND cs.category_id = s.category_id))`, res.HotFestivalID); n != 0 {
			t.Fatalf("%d hot submissions without their score summary", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM calibrated_scores`); n != 60 {
			t.Fatalf("%d calibrated scores, want the hot festival's 60", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM judges WHERE festival_id = ? AND score_count = 60 AND score_sd > 0`, res.HotFestivalID); n != 3 {
			t.Fatalf("%d judges calibrated, want 3", n)
		}
		assertCalibration(t, db.DB, res.HotFestivalID)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE festival_id <> ? AND score_judges <> 0`, res.HotFestivalID); n != 0 {
			t.Fatalf("%d other submissions scored", n)
		}
		// Paid: one fee row per paid submission, and the credit that paid it.
		if fees, paid := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'submission-fee'`),
			count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE paid_credits > 0`); fees != paid || fees == 0 {
			t.Fatalf("%d fee rows for %d paid submissions", fees, paid)
		}
		assertLedgerBalanced(t, db.DB)

		// The organiser's page sorts the hot festival's category by score.
		hotOrg, err := db.Users.FindUserByEmail(ctx, res.HotOrganiser)
		if err != nil {
			t.Fatal(err)
		}
		page, err := db.Submissions.Received(as(hotOrg), res.HotSlug, marquee.ReceivedFilter{CategoryID: res.HotCategoryID, Sort: marquee.ReceivedSortScore})
		inCategory := count(t, db.DB, `SELECT COUNT(*) FROM submissions WHERE category_id = ?`, res.HotCategoryID)
		if err != nil || page.Total != inCategory || len(page.Items) < 2 || *page.Items[0].Scores.Weighted < *page.Items[1].Scores.Weighted {
			t.Fatalf("received %+v %v", page, err)
		}
		// The sample filmmakers' pages.
		busy, err := db.Users.FindUserByEmail(ctx, res.BusyFilmmaker)
		if err != nil {
			t.Fatal(err)
		}
		mine, err := db.Submissions.Mine(as(busy), marquee.SubmissionFilter{})
		if err != nil || mine.Total != int64(res.BusyCount) || res.BusyCount != 40 || res.TypicalCount < 1 || res.TypicalCount > 4 {
			t.Fatalf("busy filmmaker: %+v %v (result %+v)", mine, err, res)
		}

		// A second run picks another hot festival; ids keep going after the
		// explicit ones (PostgreSQL's sequences moved).
		again, err := db.Submissions.SeedSubmissions(ctx, 100, store.SeedSubmissionsOptions{HotSize: 10, Seed: 2, PasswordHash: "h"})
		if err != nil || again.HotFestivalID == res.HotFestivalID {
			t.Fatalf("second run %+v %v", again, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions`); n != 501 {
			t.Fatalf("%d submissions after the second run, want 501", n)
		}
		if _, err := db.Int64ForTest(ctx, `INSERT INTO films (owner_id, title, created_at, updated_at) VALUES (?, 'after', ?, ?) RETURNING id`,
			busy.ID, time.Now(), time.Now()); err != nil {
			t.Fatalf("a film after the seed: %v", err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}
