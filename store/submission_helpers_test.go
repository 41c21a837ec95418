package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// subNow is the submission tests' "now": 2026-03-01, the early deadline
// of subDeadlines.
var subNow = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// subDeadlines are the tiers of the test categories: early 10 credits
// until 2026-03-01, regular 20 until 2026-04-01, late 30 until 2026-05-01.
func subDeadlines() []marquee.Deadline { return deadlines("2026-03-01", "2026-04-01", "2026-05-01") }

// composeTestDecision is a ComposeDecision that shows what it was given.
func composeTestDecision(s *marquee.Submission, to string) marquee.Mail {
	return marquee.Mail{Kind: "decision", To: to, Language: s.Language,
		Subject: fmt.Sprintf("%s: %s", s.FilmTitle, s.Status),
		Body:    fmt.Sprintf("%s in %s: %s %s feedback=%d", s.FestivalName, s.CategoryName, s.Status, s.AwardName, len(s.Feedback))}
}

// subFixture is a test database with an organiser's approved festival of
// categories and a filmmaker with a film.
type subFixture struct {
	*storetest.DB
	svc   *store.Services // with decision e-mails kept in the outbox
	org   *marquee.User
	maker *marquee.User
	fest  *marquee.Festival
	film  int64
}

func newSubFixture(t testing.TB, db *storetest.DB, categories int) *subFixture {
	t.Helper()
	db.Clock.Set(subNow)
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Submissions: store.SubmissionOptions{ComposeDecision: composeTestDecision, MailStatus: marquee.MailKept}})
	if err != nil {
		t.Fatal(err)
	}
	f := &subFixture{DB: db, svc: svc}
	f.org = newOrganiser(t, db, "org@example.com")
	f.maker = newOrganiser(t, db, "maker@example.com")
	f.fest = f.newFestival(t, f.org, "Kyoto Shorts", categories)
	f.film = f.newFilm(t, f.maker, "Night Train", "JP")
	return f
}

// newFestival creates and approves a festival of organiser with n
// categories named C1..Cn.
func (f *subFixture) newFestival(t testing.TB, organiser *marquee.User, name string, n int) *marquee.Festival {
	t.Helper()
	fest := mustCreate(t, f.DB, organiser, festivalDetails(name))
	cats := make([]marquee.Category, n)
	for i := range cats {
		cats[i] = marquee.Category{Name: fmt.Sprintf("C%d", i+1), Deadlines: subDeadlines()}
	}
	fest, err := f.Festivals.ReplaceCategories(as(organiser), fest.Slug, fest.Version, cats)
	if err != nil {
		t.Fatal(err)
	}
	approve(t, f.DB, fest.ID)
	fest, err = f.Festivals.FestivalByID(context.Background(), fest.ID)
	if err != nil {
		t.Fatal(err)
	}
	return fest
}

// newFilm inserts a film of owner (the film service is not needed here).
func (f *subFixture) newFilm(t testing.TB, owner *marquee.User, title, country string) int64 {
	t.Helper()
	id, err := f.Int64ForTest(context.Background(), `INSERT INTO films (owner_id, title, country, credits, screener_url, screener_password, created_at, updated_at)
		VALUES (?, ?, ?, '[{"name":"Aiko","role":"Director"}]', 'https://vimeo.example/1', 'secret', ?, ?) RETURNING id`, owner.ID, title, country, subNow, subNow)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// grant gives user id n credits through a ledger row, keeping the ledger balanced.
func grant(t testing.TB, db *store.DB, id, n int64) {
	t.Helper()
	ctx := context.Background()
	ref := fmt.Sprintf("test-grant:%d:%d", id, time.Now().UnixNano())
	if err := db.MoveCreditsForTest(ctx, marquee.LedgerEntry{UserID: id, Delta: n, Reason: marquee.LedgerAdjustment, Reference: ref, CreatedAt: subNow}); err != nil {
		t.Fatal(err)
	}
}

// entry names category i (0-based) of fest.
func entry(fest *marquee.Festival, i int) marquee.SubmissionEntry {
	return marquee.SubmissionEntry{FestivalID: fest.ID, CategoryID: fest.Categories[i].ID}
}

// submit enters film in the categories i of the fixture's festival.
func (f *subFixture) submit(t testing.TB, u *marquee.User, film int64, code string, cats ...int) *marquee.SubmitResult {
	t.Helper()
	ns := marquee.NewSubmission{FilmID: film, WaiverCode: code, Language: "ja"}
	for _, i := range cats {
		ns.Entries = append(ns.Entries, entry(f.fest, i))
	}
	r, err := f.svc.Submissions.Submit(as(u), ns)
	if err != nil {
		t.Fatalf("submit %v: %v", cats, err)
	}
	return r
}
