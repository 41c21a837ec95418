package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestRepeatedDecisionMailsOnce: twenty identical decisions sent at once
// on ten submissions write one e-mail per submission; the same decision
// again writes none, and a different one (or sharing the judges'
// comments) one each again. On both databases.
func TestRepeatedDecisionMailsOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
		svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
			Submissions: store.SubmissionOptions{ComposeDecision: mail.Composer{PublicURL: "https://marquee.example"}.Decision}})
		if err != nil {
			t.Fatal(err)
		}
		s := newTestServerOver(t, db, svc.Domain())
		org, maker := s.signUp("org@example.com", "password-123"), s.signUp("maker@example.com", "password-123")
		orgUser, err := db.Users.FindUserByEmail(ctx, "org@example.com")
		if err != nil {
			t.Fatal(err)
		}
		makerUser, err := db.Users.FindUserByEmail(ctx, "maker@example.com")
		if err != nil {
			t.Fatal(err)
		}
		f, err := db.Festivals.Create(storetest.AsUser(ctx, orgUser), marquee.FestivalDetails{Name: "Kyoto Shorts", StartDate: "2026-09-01", EndDate: "2026-09-07",
			Description: "Shorts.", Location: "Hall", Country: "JP", City: "Kyoto", Website: "https://example.org", ContactEmail: "team@example.org"})
		if err != nil {
			t.Fatal(err)
		}
		dl := []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-03-01", Fee: 10}}
		cats := make([]marquee.Category, 5)
		for i := range cats {
			cats[i] = marquee.Category{Name: fmt.Sprintf("Category %d", i+1), Deadlines: dl}
		}
		if f, err = db.Festivals.ReplaceCategories(storetest.AsUser(ctx, orgUser), f.Slug, f.Version, cats); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Festivals.Approve(adminCtx(t), f.ID); err != nil {
			t.Fatal(err)
		}
		admin := s.admin()
		expect(t, s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/users/%d/credits", makerUser.ID), token: admin,
			body: `{"delta":100,"reason":"Festival entries"}`}), http.StatusOK, "")
		var ids []string
		for range 2 {
			film := s.createFilm(maker, filmJSON)
			var entries []string
			for _, c := range f.Categories {
				entries = append(entries, fmt.Sprintf(`{"festivalId":%d,"categoryId":%d}`, f.ID, c.ID))
			}
			r := s.do(call{method: "POST", path: "/api/v1/submissions", token: maker,
				body: fmt.Sprintf(`{"filmId":%d,"entries":[%s]}`, film, strings.Join(entries, ","))})
			if r.status != http.StatusCreated {
				t.Fatalf("submit: %d %s", r.status, r.raw)
			}
			for _, sub := range field(r, "submissions").([]any) {
				ids = append(ids, fmt.Sprint(int64(sub.(map[string]any)["id"].(float64))))
			}
		}
		if len(ids) != 10 {
			t.Fatalf("%d submissions, want 10", len(ids))
		}
		path := "/api/v1/manage/festivals/" + f.Slug + "/submissions/decision"
		decide := func(body string) {
			t.Helper()
			expect(t, s.do(call{method: "POST", path: path, token: org, body: fmt.Sprintf(body, strings.Join(ids, ","))}), http.StatusOK, "")
		}
		decisionMails := func() int {
			t.Helper()
			page, err := db.Mail.List(adminCtx(t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range page.Items {
				if m.Kind != mail.KindDecision {
					t.Fatalf("a %s e-mail in the outbox", m.Kind)
				}
			}
			return int(page.Total)
		}

		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				r := s.do(call{method: "POST", path: path, token: org, body: fmt.Sprintf(`{"ids":[%s],"status":"selected"}`, strings.Join(ids, ","))})
				if r.status != http.StatusOK {
					t.Errorf("decision: %d %s", r.status, r.raw)
				}
			}()
		}
		close(start)
		wg.Wait()
		if n := decisionMails(); n != 10 {
			t.Fatalf("%d decision e-mails after 20 identical decisions on 10 submissions, want 10", n)
		}
		decide(`{"ids":[%s],"status":"selected","shareComments":false}`)
		if n := decisionMails(); n != 10 {
			t.Fatalf("%d decision e-mails after the same decision again, want 10", n)
		}
		decide(`{"ids":[%s],"status":"selected","shareComments":true}`)
		if n := decisionMails(); n != 20 {
			t.Fatalf("%d decision e-mails after sharing the comments, want 20", n)
		}
		decide(`{"ids":[%s],"status":"award_winner","awardName":" Grand Prix "}`)
		decide(`{"ids":[%s],"status":"award_winner","awardName":"Grand Prix"}`)
		if n := decisionMails(); n != 30 {
			t.Fatalf("%d decision e-mails after an award given twice, want 30", n)
		}
	})
}
