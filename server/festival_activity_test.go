package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// A festival's activity is its organiser's and the admins' to read: the
// organiser's changes over the API, newest first, with no address or IP;
// a second organiser, a judge and a filmmaker get the 404 of a festival
// they may not see. The admins' log filters by festival.
func TestFestivalActivityOverTheAPI(t *testing.T) {
	s := newJudgingServer(t)
	admin := s.admin()
	orgTok := s.signUp("org@example.com", "password-1")
	s.festival(s.user("org@example.com"))
	if _, err := s.raw.Exec(`UPDATE users SET email_verified_at = created_at WHERE email = 'org@example.com'`); err != nil {
		t.Fatal(err)
	}
	otherTok := s.signUp("other@example.com", "password-1")
	otherFest, err := s.db.Festivals.Create(storetest.AsUser(context.Background(), s.user("other@example.com")),
		marquee.FestivalDetails{Name: "Other Days", Location: "Hall", Country: "GB", City: "Leeds",
			StartDate: "2026-09-01", EndDate: "2026-09-07", ContactEmail: "team@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	makerTok := s.signUp("maker@example.com", "password-1")
	sub := s.submission(s.user("maker@example.com"), "Quiet Harbour")
	r := s.do(call{method: "POST", path: s.manage("/judges"), body: `{"email":"judge@example.com"}`, token: orgTok})
	expect(t, r, 201, "")
	judgeTok := s.signUp("judge@example.com", "password-1")
	expect(t, s.do(call{method: "POST", path: "/api/v1/judge/invitations/" + s.token("judge@example.com") + "/accept", token: judgeTok}), 200, "")

	// The organiser's changes, and the second organiser's on their own festival.
	expect(t, s.do(call{method: "PUT", path: s.manage("/settings"), body: `{"refundOnWithdraw":true,"blindReview":true}`, token: orgTok}), 200, "")
	expect(t, s.do(call{method: "PUT", path: s.manage(fmt.Sprintf("/submissions/%d/flag", sub)), body: `{"flag":"needs_review"}`, token: orgTok}), 200, "")
	decision := fmt.Sprintf(`{"ids":[%d],"status":"award_winner","awardName":"Best Short"}`, sub)
	expect(t, s.do(call{method: "POST", path: s.manage("/submissions/decision"), body: decision, token: orgTok}), 200, "")
	expect(t, s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + otherFest.Slug + "/settings", body: `{"refundOnWithdraw":true,"blindReview":false}`, token: otherTok}), 200, "")

	activity := s.manage("/activity")
	r = s.do(call{method: "GET", path: activity, token: orgTok})
	expect(t, r, 200, "")
	var actions []string
	for _, it := range field(r, "items").([]any) {
		e := it.(map[string]any)
		actions = append(actions, e["action"].(string))
		if e["actor"] != string(marquee.ActivityOrganiser) {
			t.Fatalf("actor of %s: %v", e["action"], e["actor"])
		}
	}
	if got := strings.Join(actions, " "); got != "submission.decide submission.flag festival.settings judge.invite" {
		t.Fatalf("activity %s", got)
	}
	for _, leak := range []string{"@", `"ip"`, "actorId", "127.0.0.1"} {
		if strings.Contains(string(r.raw), leak) {
			t.Fatalf("the activity carries %s: %s", leak, r.raw)
		}
	}
	if field(r, "total") != float64(4) || field(r, "perPage") != float64(marquee.FestivalActivityPerPage) {
		t.Fatalf("page %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: activity, token: admin}), 200, "")
	expect(t, s.do(call{method: "GET", path: activity + "?page=0", token: orgTok}), 400, "")
	expect(t, s.do(call{method: "GET", path: activity}), 401, "")

	// Nobody else: the same 404 as a festival that does not exist.
	missing := s.do(call{method: "GET", path: "/api/v1/manage/festivals/no-such-festival/activity", token: otherTok})
	expect(t, missing, 404, "")
	for name, tok := range map[string]string{"another organiser": otherTok, "a judge": judgeTok, "a filmmaker": makerTok} {
		r := s.do(call{method: "GET", path: activity, token: tok})
		if r.status != 404 || string(r.raw) != string(missing.raw) {
			t.Fatalf("%s: %d %s", name, r.status, r.raw)
		}
	}

	// The admins' log, filtered by festival.
	r = s.do(call{method: "GET", path: "/api/v1/admin/audit?festival=" + s.fest.Slug, token: admin})
	expect(t, r, 200, "")
	items := field(r, "items").([]any)
	if len(items) != 4 || field(r, "total") != float64(4) {
		t.Fatalf("admin filter %s", r.raw)
	}
	for _, it := range items {
		e := it.(map[string]any)
		if e["festivalSlug"] != s.fest.Slug || e["festivalId"] != float64(s.fest.ID) {
			t.Fatalf("entry of another festival: %v", e)
		}
	}
	r = s.do(call{method: "GET", path: "/api/v1/admin/audit?festival=" + otherFest.Slug + "&action=festival.settings", token: admin})
	if r.status != 200 || field(r, "total") != float64(1) {
		t.Fatalf("the other festival: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/audit?festival=" + s.fest.Slug, token: orgTok}), 403, "")
}
