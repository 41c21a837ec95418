package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// judgingServer is a test server over a SQLite file with invitation
// e-mails on, and a raw connection to the same file to insert the films
// and submissions (whose services other engineers are writing).
type judgingServer struct {
	*testServer
	raw  *sql.DB
	fest *marquee.Festival
	crit []marquee.Criterion
}

func newJudgingServer(t *testing.T) *judgingServer {
	t.Helper()
	path := filepath.Join(t.TempDir(), "marquee.db")
	ctx := context.Background()
	sdb, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sdb.Close() })
	if err := sdb.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	db := storetest.Wrap(t, sdb)
	db.Clock.Set(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC))
	svc, err := store.NewServices(sdb, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Judging: store.JudgingOptions{ComposeInvitation: mail.Composer{PublicURL: "https://marquee.example"}.JudgeInvitation}})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return &judgingServer{testServer: newTestServerOver(t, db, svc.Domain()), raw: raw}
}

func (s *judgingServer) user(email string) *marquee.User {
	s.t.Helper()
	u, err := s.db.Users.FindUserByEmail(context.Background(), email)
	if err != nil {
		s.t.Fatal(err)
	}
	return u
}

// festival creates the organiser's festival with one category and one criterion.
func (s *judgingServer) festival(org *marquee.User) {
	s.t.Helper()
	ctx := storetest.AsUser(context.Background(), org)
	f, err := s.db.Festivals.Create(ctx, marquee.FestivalDetails{Name: "Blind Shorts", Location: "Hall", Country: "GB", City: "London",
		StartDate: "2026-09-01", EndDate: "2026-09-07", ContactEmail: "team@example.org"})
	if err == nil {
		f, err = s.db.Festivals.ReplaceCategories(ctx, f.Slug, f.Version, []marquee.Category{{Name: "Fiction",
			Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-04-01", Fee: 10}}}})
	}
	if err == nil {
		f, err = s.db.Festivals.ReplaceCriteria(ctx, f.Slug, f.Version, []marquee.Criterion{{Name: "Story", Weight: 1, MaxScore: 10}})
	}
	if err != nil {
		s.t.Fatal(err)
	}
	s.fest, s.crit = f, f.Criteria
}

// submission inserts a film of maker entered in the festival's category.
func (s *judgingServer) submission(maker *marquee.User, title string) int64 {
	s.t.Helper()
	now := s.db.Clock.Now()
	var film, id int64
	err := s.raw.QueryRow(`INSERT INTO films (owner_id, title, director, credits, screener_url, screener_password, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'https://screener.example/x', 'secret', ?, ?) RETURNING id`,
		maker.ID, title, maker.Name, `[{"name":"`+maker.Name+`","role":"Director"}]`, now, now).Scan(&film)
	if err == nil {
		err = s.raw.QueryRow(`INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'early', 10, 10, ?, ?) RETURNING id`, film, maker.ID, s.fest.ID, s.fest.Categories[0].ID, now, now).Scan(&id)
	}
	if err == nil { // entered by SQL: the rollups (the lists' totals) count it as the service would
		err = s.db.CountSubmissionInRollups(context.Background(), id)
	}
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

func (s *judgingServer) token(email string) string {
	s.t.Helper()
	mails, err := s.db.Mail.List(adminCtx(s.t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range mails.Items { // newest first
		if m.To == email && m.Kind == mail.KindJudgeInvitation {
			_, rest, _ := strings.Cut(m.Body, "/judge/invitations/")
			tok, _, _ := strings.Cut(rest, "\n")
			return tok
		}
	}
	s.t.Fatalf("no invitation to %s", email)
	return ""
}

func (s *judgingServer) manage(path string) string {
	return "/api/v1/manage/festivals/" + s.fest.Slug + path
}
func (s *judgingServer) judging(path string) string {
	return "/api/v1/judge/festivals/" + s.fest.Slug + path
}

func TestJudgingOverTheAPI(t *testing.T) {
	s := newJudgingServer(t)
	orgTok := s.signUp("org@example.com", "password-1")
	s.festival(s.user("org@example.com"))
	strangerTok := s.signUp("stranger@example.com", "password-1")
	makerTok := s.signUp("maker@example.com", "password-1")
	if _, err := s.raw.Exec(`UPDATE users SET name = 'Maya Maker' WHERE email = 'maker@example.com'`); err != nil {
		t.Fatal(err)
	}
	maker := s.user("maker@example.com")
	sub := s.submission(maker, "Quiet Harbour")

	// Only the organiser invites; the invitation is public to its holder.
	expect(t, s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"judge@example.com"}`}), 401, "")
	expect(t, s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"judge@example.com"}`, token: strangerTok}), 404, "")
	expect(t, s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"nope"}`, token: orgTok}), 400, "")
	// An organiser whose own address is not confirmed invites nobody.
	expect(t, s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"judge@example.com"}`, token: orgTok}), 403, "Confirm your e-mail address")
	if _, err := s.raw.Exec(`UPDATE users SET email_verified_at = created_at WHERE email = 'org@example.com'`); err != nil {
		t.Fatal(err)
	}
	r := s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"judge@example.com"}`, token: orgTok})
	expect(t, r, 201, "")
	judgeID := int64(field(r, "judge", "id").(float64))
	r = s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"maker@example.com"}`, token: orgTok})
	expect(t, r, 201, "")
	makerJudgeID := int64(field(r, "judge", "id").(float64))
	tok := s.token("judge@example.com")
	r = s.do(call{method: "GET", path: "/api/v1/judge/invitations/" + tok})
	expect(t, r, 200, "")
	if field(r, "email") != "judge@example.com" || field(r, "hasAccount") != false || field(r, "festivalSlug") != s.fest.Slug {
		t.Fatalf("invitation %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/judge/invitations/unknown"}), 404, "Invitation not found")
	judgeTok := s.signUp("judge@example.com", "password-1")
	expect(t, s.do(call{method: "POST", path: "/api/v1/judge/invitations/" + tok + "/accept", token: strangerTok}), 403, "another e-mail address")
	expect(t, s.do(call{method: "POST", path: "/api/v1/judge/invitations/" + tok + "/accept"}), 401, "")
	r = s.do(call{method: "POST", path: "/api/v1/judge/invitations/" + tok + "/accept", token: judgeTok})
	expect(t, r, 200, "")
	if int64(field(r, "judgeId").(float64)) != judgeID {
		t.Fatalf("accept %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/judge/invitations/" + s.token("maker@example.com") + "/accept", token: makerTok}), 200, "")

	// Nothing is assigned yet: the judge sees nothing.
	r = s.do(call{method: "GET", path: s.judging("/submissions"), token: judgeTok})
	expect(t, r, 200, "")
	if len(field(r, "items").([]any)) != 0 {
		t.Fatalf("unassigned queue %s", r.raw)
	}
	subPath := s.judging(fmt.Sprintf("/submissions/%d", sub))
	expect(t, s.do(call{method: "GET", path: subPath, token: judgeTok}), 404, "")
	score := fmt.Sprintf(`{"scores":[{"criterionId":%d,"score":8}],"comment":"Lovely","privateNote":"mine"}`, s.crit[0].ID)
	expect(t, s.do(call{method: "PUT", path: subPath + "/score", body: score, token: judgeTok}), 404, "")

	// Assign: organiser only; every judge gets everything; never the own film.
	assign := fmt.Sprintf(`{"mode":"all","judgeIds":[%d,%d]}`, judgeID, makerJudgeID)
	expect(t, s.do(call{method: "POST", path: s.manage("/assignments"), body: assign, token: judgeTok}), 404, "")
	r = s.do(call{method: "POST", path: s.manage("/assignments"), body: assign, token: orgTok})
	expect(t, r, 200, "")
	if field(r, "added") != float64(1) {
		t.Fatalf("added %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: subPath, token: makerTok}), 404, "")
	expect(t, s.do(call{method: "PUT", path: subPath + "/score", body: score, token: makerTok}), 404, "")

	// Blind review: nothing a judge reads names the filmmaker.
	if _, err := s.raw.Exec(`INSERT INTO festival_settings (festival_id, blind_review, updated_at) VALUES (?, 1, ?)`, s.fest.ID, s.db.Clock.Now()); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{s.judging("/submissions"), subPath} {
		r = s.do(call{method: "GET", path: p, token: judgeTok})
		expect(t, r, 200, "")
		body := string(r.raw)
		if strings.Contains(body, "Maya Maker") || strings.Contains(body, "maker@example.com") || !strings.Contains(body, "Quiet Harbour") ||
			!strings.Contains(body, "https://screener.example/x") {
			t.Fatalf("blind review leaks or hides too much at %s: %s", p, body)
		}
	}
	r = s.do(call{method: "PUT", path: subPath + "/score", body: score, token: judgeTok})
	expect(t, r, 200, "")
	if field(r, "score", "weighted") != float64(80) || strings.Contains(string(r.raw), "Maya Maker") {
		t.Fatalf("score %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: subPath + "/score", body: `{"scores":[]}`, token: judgeTok}), 400, "Score every criterion")

	// The organiser's ranking and judges; not the judge's.
	r = s.do(call{method: "GET", path: s.manage(fmt.Sprintf("/ranking?category=%d", s.fest.Categories[0].ID)), token: orgTok})
	expect(t, r, 200, "")
	items := field(r, "items").([]any)
	if len(items) != 1 || items[0].(map[string]any)["rank"] != float64(1) ||
		items[0].(map[string]any)["summary"].(map[string]any)["weighted"] != float64(80) ||
		field(r, "total") != float64(1) || field(r, "page") != float64(1) || field(r, "perPage") != float64(50) {
		t.Fatalf("ranking %s", r.raw)
	}
	// Paged like the submissions list, in either order.
	r = s.do(call{method: "GET", path: s.manage(fmt.Sprintf("/ranking?category=%d&sort=calibrated&page=2", s.fest.Categories[0].ID)), token: orgTok})
	expect(t, r, 200, "")
	if len(field(r, "items").([]any)) != 0 || field(r, "total") != float64(1) || field(r, "page") != float64(2) {
		t.Fatalf("ranking page 2 %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: s.manage("/ranking?sort=best"), token: orgTok}), 400, "Unknown sort (want weighted or calibrated)")
	expect(t, s.do(call{method: "GET", path: s.manage("/ranking?category=first"), token: orgTok}), 404, "Category not found")
	expect(t, s.do(call{method: "GET", path: s.manage("/ranking"), token: judgeTok}), 404, "")
	r = s.do(call{method: "GET", path: s.manage("/judges"), token: orgTok})
	expect(t, r, 200, "")
	if len(field(r, "items").([]any)) != 2 {
		t.Fatalf("judges %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: s.manage("/judges"), token: judgeTok}), 404, "")
	r = s.do(call{method: "GET", path: "/api/v1/judge/festivals", token: judgeTok})
	expect(t, r, 200, "")
	if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["scored"] != float64(1) {
		t.Fatalf("my festivals %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/judge/festivals"}), 401, "")

	// Lock: the organiser's; a locked festival refuses scores.
	expect(t, s.do(call{method: "PUT", path: s.manage("/judging/lock"), body: `{"locked":true}`, token: judgeTok}), 404, "")
	r = s.do(call{method: "PUT", path: s.manage("/judging/lock"), body: `{"locked":true}`, token: orgTok})
	expect(t, r, 200, "")
	if field(r, "judgingLocked") != true || field(r, "blindReview") != true {
		t.Fatalf("lock %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: subPath + "/score", body: score, token: judgeTok}), 409, "Judging is locked")
	expect(t, s.do(call{method: "PUT", path: s.manage("/judging/lock"), body: `{"locked":false}`, token: orgTok}), 200, "")

	// A conflict: the score goes, scoring is refused, the organiser sees it.
	expect(t, s.do(call{method: "POST", path: subPath + "/conflict", body: `{"reason":"My cousin"}`, token: strangerTok}), 404, "")
	r = s.do(call{method: "POST", path: subPath + "/conflict", body: `{"reason":"My cousin"}`, token: judgeTok})
	expect(t, r, 201, "")
	expect(t, s.do(call{method: "PUT", path: subPath + "/score", body: score, token: judgeTok}), 409, "conflict of interest")
	r = s.do(call{method: "GET", path: subPath, token: judgeTok})
	expect(t, r, 200, "")
	if field(r, "conflict") != true || field(r, "submission") != nil || field(r, "myScore") != nil {
		t.Fatalf("assignment in conflict %s", r.raw)
	}
	r = s.do(call{method: "GET", path: s.manage("/conflicts"), token: orgTok})
	expect(t, r, 200, "")
	if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["reason"] != "My cousin" {
		t.Fatalf("conflicts %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: s.manage("/conflicts"), token: judgeTok}), 404, "")

	// Specific assignments (a conflict is skipped) and removal.
	sub2 := s.submission(s.user("stranger@example.com"), "Second")
	specific := fmt.Sprintf(`{"mode":"specific","judgeIds":[%d],"submissionIds":[%d,%d]}`, judgeID, sub, sub2)
	r = s.do(call{method: "POST", path: s.manage("/assignments"), body: specific, token: orgTok})
	expect(t, r, 200, "")
	if field(r, "added") != float64(0) { // the judge's scope 'all' already gives sub2
		t.Fatalf("specific %s", r.raw)
	}
	expect(t, s.do(call{method: "DELETE", path: s.manage(fmt.Sprintf("/judges/%d/submissions/%d", judgeID, sub)), token: orgTok}), 404, "")
	unassign := s.manage(fmt.Sprintf("/judges/%d/submissions/%d", judgeID, sub2))
	expect(t, s.do(call{method: "DELETE", path: unassign, token: judgeTok}), 404, "")
	expect(t, s.do(call{method: "DELETE", path: unassign, token: orgTok}), 204, "")
	expect(t, s.do(call{method: "DELETE", path: unassign, token: orgTok}), 404, "")
	expect(t, s.do(call{method: "DELETE", path: s.manage(fmt.Sprintf("/judges/%d", judgeID)), token: strangerTok}), 404, "")
	expect(t, s.do(call{method: "DELETE", path: s.manage(fmt.Sprintf("/judges/%d", judgeID)), token: orgTok}), 204, "")
	expect(t, s.do(call{method: "GET", path: s.judging("/submissions"), token: judgeTok}), 404, "")
}

func TestJudgeInvitationLookupsAreRateLimited(t *testing.T) {
	s := newJudgingServer(t)
	limited := false
	for range 40 {
		if r := s.do(call{method: "GET", path: "/api/v1/judge/invitations/guess"}); r.status == 429 {
			limited = r.header.Get("Retry-After") != ""
			break
		}
	}
	if !limited {
		t.Fatal("invitation look-ups are not rate limited")
	}
}
