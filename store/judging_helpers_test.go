package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// judgingFixture is a festival with two categories and two criteria, its
// organiser, and the services with invitation e-mails on. Films and
// submissions are inserted directly (their services are others' work).
type judgingFixture struct {
	t    testing.TB
	db   *storetest.DB
	svc  *store.Services
	org  *marquee.User
	fest *marquee.Festival
	catA int64
	catB int64
	crit []marquee.Criterion
}

func newJudgingFixture(t testing.TB, db *storetest.DB) *judgingFixture {
	t.Helper()
	setNow(db, festivalNow)
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Judging: store.JudgingOptions{ComposeInvitation: mail.Composer{PublicURL: "https://marquee.example"}.JudgeInvitation}})
	if err != nil {
		t.Fatal(err)
	}
	f := &judgingFixture{t: t, db: db, svc: svc}
	f.org = newOrganiser(t, db, "org@example.com")
	fest := mustCreate(t, db, f.org, festivalDetails("Judged Shorts"))
	fest, err = db.Festivals.ReplaceCategories(as(f.org), fest.Slug, fest.Version, []marquee.Category{
		{Name: "Fiction", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")},
		{Name: "Documentary", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")},
	})
	if err != nil {
		t.Fatal(err)
	}
	fest, err = db.Festivals.ReplaceCriteria(as(f.org), fest.Slug, fest.Version, []marquee.Criterion{
		{Name: "Story", Weight: 3, MaxScore: 10}, {Name: "Craft", Weight: 1, MaxScore: 10},
	})
	if err != nil {
		t.Fatal(err)
	}
	f.fest, f.catA, f.catB, f.crit = fest, fest.Categories[0].ID, fest.Categories[1].ID, fest.Criteria
	return f
}

// user creates an account.
func (f *judgingFixture) user(email, name string) *marquee.User {
	f.t.Helper()
	u, err := f.db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: name, PasswordHash: "h"})
	if err != nil {
		f.t.Fatal(err)
	}
	return u
}

// submission inserts a film of owner and its submission to category cat.
func (f *judgingFixture) submission(owner *marquee.User, title string, cat int64) int64 {
	f.t.Helper()
	ctx, now := context.Background(), f.db.Clock.Now()
	film, err := f.db.Int64ForTest(ctx, `INSERT INTO films (owner_id, title, director, credits, screener_url, screener_password, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, owner.ID, title, owner.Name,
		`[{"name":"`+owner.Name+`","role":"Director"}]`, "https://vimeo.example/"+title, "pw-"+title, now, now)
	if err != nil {
		f.t.Fatal(err)
	}
	id, err := f.db.Int64ForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'early', 10, 10, ?, ?) RETURNING id`, film, owner.ID, f.fest.ID, cat, now, now)
	if err != nil {
		f.t.Fatal(err)
	}
	if err := f.db.CountSubmissionInRollups(ctx, id); err != nil {
		f.t.Fatal(err)
	}
	f.db.Clock.Set(now.Add(timeMinutes(1)))
	return id
}

// token returns the token of the newest invitation e-mailed to email.
func (f *judgingFixture) token(email string) string {
	f.t.Helper()
	mails, err := f.db.Mail.List(countingAdmin(), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		f.t.Fatal(err)
	}
	var best *marquee.Mail
	for _, m := range mails.Items {
		if m.To == email && m.Kind == mail.KindJudgeInvitation && (best == nil || m.ID > best.ID) {
			best = m
		}
	}
	if best == nil {
		f.t.Fatalf("no invitation to %s", email)
	}
	_, rest, _ := strings.Cut(best.Body, "/judge/invitations/")
	tok, _, _ := strings.Cut(rest, "\n")
	return tok
}

// judge invites u and accepts as u; it returns the judge's id.
func (f *judgingFixture) judge(u *marquee.User) int64 {
	f.t.Helper()
	if _, err := f.svc.Judging.Invite(as(f.org), f.fest.Slug, u.Email, "en"); err != nil {
		f.t.Fatal(err)
	}
	jf, err := f.svc.Judging.Accept(as(u), f.token(u.Email))
	if err != nil {
		f.t.Fatal(err)
	}
	return jf.JudgeID
}

func (f *judgingFixture) assign(req marquee.AssignmentRequest) int {
	f.t.Helper()
	n, err := f.svc.Judging.Assign(as(f.org), f.fest.Slug, req)
	if err != nil {
		f.t.Fatalf("assign %+v: %v", req, err)
	}
	return n
}

// score saves u's score of submission id with both criteria at v (a
// weighted score of 10*v).
func (f *judgingFixture) score(u *marquee.User, id int64, v int) (*marquee.JudgeScore, error) {
	return f.svc.Judging.SaveScore(as(u), f.fest.Slug, id, marquee.ScoreInput{
		Scores:  []marquee.CriterionScore{{CriterionID: f.crit[0].ID, Score: v}, {CriterionID: f.crit[1].ID, Score: v}},
		Comment: "comment", PrivateNote: "note",
	})
}

func (f *judgingFixture) mustScore(u *marquee.User, id int64, v int) {
	f.t.Helper()
	if _, err := f.score(u, id, v); err != nil {
		f.t.Fatalf("score %d by %s: %v", id, u.Email, err)
	}
}

func (f *judgingFixture) setBlind(on bool) {
	f.t.Helper()
	v := 0
	if on {
		v = 1
	}
	if err := f.db.ExecForTest(context.Background(), `INSERT INTO festival_settings (festival_id, blind_review, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (festival_id) DO UPDATE SET blind_review = excluded.blind_review`, f.fest.ID, v, f.db.Clock.Now()); err != nil {
		f.t.Fatal(err)
	}
}

// queueIDs returns the submission ids of u's queue.
func (f *judgingFixture) queueIDs(u *marquee.User) []int64 {
	f.t.Helper()
	q, err := f.svc.Judging.Queue(as(u), f.fest.Slug)
	if err != nil {
		f.t.Fatal(err)
	}
	out := []int64{}
	for _, a := range q {
		out = append(out, a.Submission.ID)
	}
	return out
}

// ranking returns the ranking of the whole festival (every page, in
// weighted order) by submission id.
func (f *judgingFixture) ranking() map[int64]*marquee.RankedSubmission {
	f.t.Helper()
	out := map[int64]*marquee.RankedSubmission{}
	for page := 1; ; page++ {
		p := f.rankingPage(0, marquee.RankingSortWeighted, page)
		for _, x := range p.Items {
			out[x.Submission.ID] = x
		}
		if int64(page*p.PerPage) >= p.Total {
			return out
		}
	}
}

// rankingPage returns one page of the ranking of category cat (0: all).
func (f *judgingFixture) rankingPage(cat int64, sort string, page int) *marquee.Page[*marquee.RankedSubmission] {
	f.t.Helper()
	return f.rankingPageOf(cat, sort, page, marquee.RankingPerPage)
}

// rankingPageOf returns one page of perPage lines of the ranking of
// category cat (0: all).
func (f *judgingFixture) rankingPageOf(cat int64, sort string, page, perPage int) *marquee.Page[*marquee.RankedSubmission] {
	f.t.Helper()
	p, err := f.svc.Judging.Ranking(as(f.org), f.fest.Slug, marquee.RankingFilter{CategoryID: cat, Sort: sort,
		PageRequest: marquee.PageRequest{Page: page, PerPage: perPage}})
	if err != nil {
		f.t.Fatal(err)
	}
	return p
}
