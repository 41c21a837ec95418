package server_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The filmmaker, as a judge under blind review must never read them.
const (
	blindDirector = "Dara Director"
	blindCredit   = "Cole Credit"
	blindName     = "Fiona Filmmaker"
	blindEmail    = "fiona@example.com"
	blindTitle    = "Quiet Harbour"
)

// juryWorld is a server over db where invitations are e-mailed (kept in
// the outbox), with an approved festival, its organiser (address
// confirmed), a filmmaker whose film (with a poster, a director and a
// credit) is entered in it, and a judge assigned every submission. All
// of it is made through the API but the festival's own set-up.
type juryWorld struct {
	*testServer
	fest                           *marquee.Festival
	org, maker, judge              string // tokens
	makerID, filmID, subID, jury   int64  // jury: the judge's id
	invitation, posterKey, orgSlug string
	posterNames                    []string
}

func newJuryWorld(t *testing.T, db *storetest.DB) *juryWorld {
	t.Helper()
	db.Clock.Set(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC))
	judging, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Judging: store.JudgingOptions{ComposeInvitation: mail.Composer{PublicURL: "https://marquee.example"}.JudgeInvitation}})
	if err != nil {
		t.Fatal(err)
	}
	svc := db.Domain()
	svc.Judging = judging.Judging
	w := &juryWorld{testServer: newTestServerOver(t, db, svc)}
	admin := w.admin()

	// The organiser confirms their address (an unconfirmed one invites nobody).
	w.org = w.signUp("org@example.com", "password-1")
	expect(t, w.do(call{method: "POST", path: "/api/v1/verify-email", body: `{"token":"` + w.verificationToken("org@example.com") + `"}`}), 200, "")
	ctx := context.Background()
	orgUser, err := db.Users.FindUserByEmail(ctx, "org@example.com")
	if err != nil {
		t.Fatal(err)
	}
	as := storetest.AsUser(ctx, orgUser)
	f, err := db.Festivals.Create(as, marquee.FestivalDetails{Name: "Blind Shorts", Location: "Hall", Country: "GB", City: "London",
		StartDate: "2026-09-01", EndDate: "2026-09-07", ContactEmail: "team@example.org"})
	if err == nil {
		f, err = db.Festivals.ReplaceCategories(as, f.Slug, f.Version, []marquee.Category{{Name: "Fiction",
			Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-04-01", Fee: 10}}}})
	}
	if err == nil {
		f, err = db.Festivals.ReplaceCriteria(as, f.Slug, f.Version, []marquee.Criterion{{Name: "Story", Weight: 1, MaxScore: 10}})
	}
	if err == nil {
		_, err = db.Festivals.Approve(adminCtx(t), f.ID)
	}
	if err != nil {
		t.Fatal(err)
	}
	w.fest = f

	// The filmmaker: credits from an admin, a film with a poster, an entry.
	r := w.do(call{method: "POST", path: "/api/v1/user/register",
		body: `{"email":"` + blindEmail + `","password":"password-1","name":"` + blindName + `"}`})
	expect(t, r, 201, "")
	w.makerID = int64(field(r, "user", "id").(float64))
	w.maker = w.logIn(blindEmail, "password-1")
	expect(t, w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/users/%d/credits", w.makerID), token: admin,
		body: `{"delta":50,"reason":"Festival test"}`}), 200, "")
	r = w.do(call{method: "POST", path: "/api/v1/films", token: w.maker, body: `{"title":"` + blindTitle + `","logline":"A harbour at night.",
		"runtimeMinutes":12,"director":"` + blindDirector + `","credits":[{"name":"` + blindCredit + `","role":"Editor"}],
		"screenerUrl":"https://screener.example/x","screenerPassword":"secret"}`})
	expect(t, r, 201, "")
	w.filmID = int64(field(r, "film", "id").(float64))
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 4, 6))); err != nil {
		t.Fatal(err)
	}
	r = w.do(call{method: "PUT", path: fmt.Sprintf("/api/v1/films/%d/poster", w.filmID), token: w.maker, body: img.String(),
		header: map[string]string{"Content-Type": "image/png"}})
	expect(t, r, 200, "")
	w.posterKey = strings.TrimPrefix(field(r, "film", "posterUrl").(string), "/media/posters/")
	for _, size := range []string{"card", "detail"} {
		w.posterNames = append(w.posterNames, strings.TrimPrefix(field(r, "film", "posterImages").(map[string]any)[size].(map[string]any)["url"].(string), "/media/posters/"))
	}
	// The festival asks a question, which the filmmaker answers naming themselves.
	r = w.do(call{method: "PUT", path: w.manage("/questions"), token: w.org, body: `{"questions":[{"kind":"long_text","label":"Statement"}]}`})
	expect(t, r, 200, "")
	question := int64(field(r, "questions").([]any)[0].(map[string]any)["id"].(float64))
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker,
		body: fmt.Sprintf(`{"filmId":%d,"entries":[{"festivalId":%d,"categoryId":%d}],"answers":[{"questionId":%d,"value":"By %s, %s"}]}`,
			w.filmID, f.ID, f.Categories[0].ID, question, blindName, blindEmail)})
	expect(t, r, 201, "")
	w.subID = int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))

	// The judge: invited, signed up, accepted, assigned everything.
	r = w.do(call{method: "POST", path: w.manage("/judges"), token: w.org, body: `{"email":"judy@example.com"}`})
	expect(t, r, 201, "")
	w.jury = int64(field(r, "judge", "id").(float64))
	w.invitation = w.invitationToken("judy@example.com")
	expect(t, w.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"judy@example.com","password":"password-1","name":"Judy Judge"}`}), 201, "")
	w.judge = w.logIn("judy@example.com", "password-1")
	expect(t, w.do(call{method: "POST", path: "/api/v1/judge/invitations/" + w.invitation + "/accept", token: w.judge}), 200, "")
	expect(t, w.do(call{method: "POST", path: w.manage("/assignments"), token: w.org,
		body: fmt.Sprintf(`{"mode":"all","judgeIds":[%d]}`, w.jury)}), 200, "")
	return w
}

func (w *juryWorld) manage(path string) string {
	return "/api/v1/manage/festivals/" + w.fest.Slug + path
}
func (w *juryWorld) judging(path string) string {
	return "/api/v1/judge/festivals/" + w.fest.Slug + path
}

// invitationToken returns the token of the newest invitation to email.
func (w *juryWorld) invitationToken(email string) string {
	w.t.Helper()
	mails, err := w.db.Mail.List(adminCtx(w.t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		w.t.Fatal(err)
	}
	for _, m := range mails.Items { // newest first
		if m.To == email && m.Kind == mail.KindJudgeInvitation {
			_, rest, _ := strings.Cut(m.Body, "/judge/invitations/")
			tok, _, _ := strings.Cut(rest, "\n")
			return tok
		}
	}
	w.t.Fatalf("no invitation to %s", email)
	return ""
}

// leaks returns what of the filmmaker body names, if anything: the
// director, a credit's name, the filmmaker's name or e-mail, or their
// user id as an owner or filmmaker field.
func (w *juryWorld) leaks(body []byte) []string {
	var out []string
	for _, s := range []string{blindDirector, blindCredit, blindName, blindEmail} {
		if bytes.Contains(body, []byte(s)) {
			out = append(out, s)
		}
	}
	id := regexp.MustCompile(fmt.Sprintf(`"(ownerId|filmmakerId|userId|owner_id|filmmaker_id|user_id)"\s*:\s*%d\b`, w.makerID))
	if id.Match(body) {
		out = append(out, "user id")
	}
	return out
}

// routeCall is one request of the walk: a route's pattern filled in.
type routeCall struct {
	pattern string
	call
}

// judgeWalk fills every route of the server with the world's values: each
// path parameter takes each value it could name (a film, a submission, a
// judge, the filmmaker; the festival's slug; the invitation; the poster),
// writes send body (per pattern, else `{}`). Routes in last are put at
// the end, in that order.
func (w *juryWorld) judgeWalk(t *testing.T, bodies map[string]string, last []string) []routeCall {
	ids := slices.Compact(slices.Sorted(slices.Values([]string{
		fmt.Sprint(w.filmID), fmt.Sprint(w.subID), fmt.Sprint(w.jury), fmt.Sprint(w.makerID)})))
	values := map[string][]string{
		"slug": {w.fest.Slug}, "id": ids, "judgeId": ids, "submissionId": ids, "userId": ids,
		"token": {w.invitation, "unknown"}, "key": {w.posterKey}, "name": w.posterNames, "file": {"submissions.csv", "views.csv"}, "days": {"7"},
	}
	param := regexp.MustCompile(`\{([A-Za-z]+)\}`)
	var calls, deferred []routeCall
	for _, pattern := range server.RoutePatternsForTest() {
		method, path, ok := strings.Cut(pattern, " ")
		if !ok {
			method, path = "GET", pattern
		}
		if strings.HasSuffix(path, "/") && path != "/" {
			path += "anything"
		}
		paths := []string{path}
		for _, name := range param.FindAllStringSubmatch(path, -1) {
			vs, ok := values[name[1]]
			if !ok {
				t.Fatalf("route %s: no value for {%s}: add one to the walk", pattern, name[1])
			}
			var next []string
			for _, p := range paths {
				for _, v := range vs {
					next = append(next, strings.Replace(p, name[0], v, 1))
				}
			}
			paths = next
		}
		for _, p := range paths {
			c := routeCall{pattern: pattern, call: call{method: method, path: p, token: w.judge}}
			if method != "GET" {
				c.body = "{}"
				if b, ok := bodies[pattern]; ok {
					c.body = b
				}
			}
			if slices.Contains(last, pattern) {
				deferred = append(deferred, c)
			} else {
				calls = append(calls, c)
			}
		}
	}
	slices.SortStableFunc(deferred, func(a, b routeCall) int {
		return slices.Index(last, a.pattern) - slices.Index(last, b.pattern)
	})
	return append(calls, deferred...)
}

// TestBlindReviewHidesTheFilmmakerOnEveryRoute walks every route of the
// server (from routes.go's own table, so a new route is walked too) as an
// assigned judge of a festival that reviews blind, each path parameter
// filled with every value it could name, and fails when any answer names
// the filmmaker: the director, a credit's name, their name, e-mail or
// user id as an owner or filmmaker field. Before blind review is turned
// on, the same judge does read them (so the probe can find them).
func TestBlindReviewHidesTheFilmmakerOnEveryRoute(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		w := newJuryWorld(t, db)
		filmPath := fmt.Sprintf("/api/v1/films/%d", w.filmID)
		subPath := w.judging(fmt.Sprintf("/submissions/%d", w.subID))

		// Open review: the judge reads who made the film (so the probe
		// finds each of the five when they are there).
		seen := map[string]bool{}
		for _, p := range []string{filmPath, w.judging("/submissions"), subPath} {
			r := w.do(call{method: "GET", path: p, token: w.judge})
			expect(t, r, 200, "")
			for _, s := range w.leaks(r.raw) {
				seen[s] = true
			}
		}
		if len(seen) != 5 {
			t.Fatalf("open review: the judge reads %v of the filmmaker, want all five", seen)
		}

		expect(t, w.do(call{method: "PUT", path: w.manage("/settings"), token: w.org, body: `{"blindReview":true}`}), 200, "")
		// The filmmaker writes in the submission's thread, signing it;
		// the organiser gives the entry a status of their own.
		expect(t, w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/submissions/%d/messages", w.subID), token: w.maker,
			body: `{"body":"Regards, ` + blindName + ` (` + blindEmail + `)"}`}), 201, "")
		r := w.do(call{method: "POST", path: w.manage("/statuses"), token: w.org, body: `{"preset":"finalist"}`})
		expect(t, r, 201, "")
		expect(t, w.do(call{method: "POST", path: w.manage("/submissions/entry-status"), token: w.org,
			body: fmt.Sprintf(`{"ids":[%d],"statusId":%d}`, w.subID, int64(field(r, "status", "id").(float64)))}), 204, "")
		score := fmt.Sprintf(`{"scores":[{"criterionId":%d,"score":8}],"comment":"Lovely","privateNote":"mine"}`, w.fest.Criteria[0].ID)
		conflict := "POST /api/v1/judge/festivals/{slug}/submissions/{id}/conflict"
		calls := w.judgeWalk(t, map[string]string{
			"PUT /api/v1/judge/festivals/{slug}/submissions/{id}/score": score,
			conflict: `{"reason":"My cousin"}`,
		}, []string{conflict, "POST /api/v1/me/delete", "POST /api/v1/auth/logout"})
		if len(calls) < 150 {
			t.Fatalf("the walk has %d calls; is the route table read?", len(calls))
		}
		status, titled := map[string]int{}, map[string]bool{}
		for _, c := range calls {
			r := w.do(c.call)
			if got := w.leaks(r.raw); len(got) > 0 {
				t.Errorf("%s %s (%s) answers %d naming the filmmaker %v: %s", c.method, c.path, c.pattern, r.status, got, r.raw)
			}
			status[c.method+" "+c.path] = r.status
			titled[c.method+" "+c.path] = bytes.Contains(r.raw, []byte(blindTitle))
		}
		// The walk read the film where a judge reads it, scored it and
		// declared a conflict on it.
		for _, p := range []string{"GET " + filmPath, "GET " + w.judging("/submissions"), "GET " + subPath} {
			if status[p] != 200 || !titled[p] {
				t.Errorf("the walk did not read the film at %s (%d)", p, status[p])
			}
		}
		if status["PUT "+subPath+"/score"] != 200 || status["POST "+subPath+"/conflict"] != 201 {
			t.Errorf("the walk did not score (%d) and declare a conflict (%d)", status["PUT "+subPath+"/score"], status["POST "+subPath+"/conflict"])
		}
	})
}
