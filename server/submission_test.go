package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// subWorld is a server whose decisions are e-mailed (kept in the outbox),
// an organiser's approved festival of three categories, a second
// organiser, and two filmmakers with a film each.
type subWorld struct {
	*testServer
	raw                  *sql.DB
	fest                 *marquee.Festival
	org, rival           string // tokens
	maker, other         string
	makerID              int64
	makerFilm, otherFilm int64
}

func newSubWorld(t *testing.T) *subWorld {
	t.Helper()
	path := filepath.Join(t.TempDir(), "marquee.db")
	sdb, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sdb.Close() })
	if err := sdb.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	// raw writes what no service of this branch writes (films) and
	// credits as ledger rows.
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_time_format=sqlite")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	db := storetest.Wrap(t, sdb)
	db.Clock.Set(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Submissions: store.SubmissionOptions{ComposeDecision: mail.Composer{PublicURL: "https://marquee.example"}.Decision,
			ManagementMail: mail.Composer{PublicURL: "https://marquee.example"}.ManagementMail()}})
	if err != nil {
		t.Fatal(err)
	}
	w := &subWorld{testServer: newTestServerOver(t, db, svc.Domain()), raw: raw}
	w.org = w.signUp("org@example.com", "password-123")
	w.rival = w.signUp("rival@example.com", "password-123")
	w.maker = w.signUp("maker@example.com", "password-123")
	w.other = w.signUp("other@example.com", "password-123")
	ctx := context.Background()
	user := func(email string) *marquee.User {
		u, err := db.Users.FindUserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	orgUser := user("org@example.com")
	f, err := db.Festivals.Create(storetest.AsUser(ctx, orgUser), marquee.FestivalDetails{Name: "Kyoto Shorts", StartDate: "2026-09-01", EndDate: "2026-09-07",
		Description: "Shorts.", Location: "Hall", Country: "JP", City: "Kyoto", Website: "https://example.org", ContactEmail: "team@example.org"})
	if err != nil {
		t.Fatal(err)
	}
	dl := []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-03-01", Fee: 10}, {Tier: marquee.TierRegular, Date: "2026-04-01", Fee: 20}}
	if f, err = db.Festivals.ReplaceCategories(storetest.AsUser(ctx, orgUser), f.Slug, f.Version, []marquee.Category{
		{Name: "アニメーション", Deadlines: dl}, {Name: "Documentary", Deadlines: dl}, {Name: "Fiction", Deadlines: dl}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Festivals.Approve(adminCtx(t), f.ID); err != nil {
		t.Fatal(err)
	}
	w.fest = f
	maker, other := user("maker@example.com"), user("other@example.com")
	w.makerID = maker.ID
	w.makerFilm = w.film(maker.ID, "=HYPERLINK(\"http://evil\") 夜行列車")
	w.otherFilm = w.film(other.ID, "Other film")
	w.credit(maker.ID, 25)
	w.credit(other.ID, 100)
	return w
}

func (w *subWorld) film(owner int64, title string) int64 {
	w.t.Helper()
	var id int64
	err := w.raw.QueryRow(`INSERT INTO films (owner_id, title, country, screener_url, screener_password, created_at, updated_at)
		VALUES (?, ?, 'JP', 'https://vimeo.example/1', 'secret', ?, ?) RETURNING id`, owner, title, w.db.Clock.Now(), w.db.Clock.Now()).Scan(&id)
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// credit gives user id n credits through a ledger row.
func (w *subWorld) credit(id, n int64) {
	w.t.Helper()
	if _, err := w.raw.Exec(`INSERT INTO credit_ledger (user_id, delta, reason, reference, created_at) VALUES (?, ?, 'adjustment', ?, ?)`,
		id, n, fmt.Sprintf("test:%d", id), w.db.Clock.Now()); err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.raw.Exec(`UPDATE users SET credits = credits + ? WHERE id = ?`, n, id); err != nil {
		w.t.Fatal(err)
	}
}

// entries is the JSON body entering film in the categories i.
func (w *subWorld) entries(film int64, code string, cats ...int) string {
	var es []string
	for _, i := range cats {
		es = append(es, fmt.Sprintf(`{"festivalId":%d,"categoryId":%d}`, w.fest.ID, w.fest.Categories[i].ID))
	}
	return fmt.Sprintf(`{"filmId":%d,"entries":[%s],"waiverCode":%q}`, film, strings.Join(es, ","), code)
}

func (w *subWorld) manage(path string) string {
	return "/api/v1/manage/festivals/" + w.fest.Slug + path
}

func TestSubmissionsOverHTTP(t *testing.T) {
	w := newSubWorld(t)
	ja := map[string]string{"Accept-Language": "ja"}
	r := w.do(call{method: "POST", path: "/api/v1/submissions/quote", token: w.maker, body: w.entries(w.makerFilm, "", 0, 1)})
	if r.status != 200 || field(r, "total") != 20.0 || field(r, "balance") != 25.0 {
		t.Fatalf("quote %d %s", r.status, r.raw)
	}
	// Three entries cost 30 of 25: 402, the message in Japanese with the numbers, nothing written.
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0, 1, 2), header: ja})
	expect(t, r, http.StatusPaymentRequired, "30クレジットが必要ですが、残高は25クレジット")
	if field(r, "code") != marquee.EInsufficientCredits {
		t.Fatalf("code %v", field(r, "code"))
	}
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0, 1, 2)})
	expect(t, r, http.StatusPaymentRequired, "Not enough credits: these entries cost 30 credits and your balance is 25.")
	// Two fit.
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0, 1), header: ja})
	if r.status != 201 || field(r, "balance") != 5.0 || len(field(r, "submissions").([]any)) != 2 {
		t.Fatalf("submit %d %s", r.status, r.raw)
	}
	first := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	// The same category again: 409 naming it in the request's language.
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0), header: ja})
	expect(t, r, http.StatusConflict, "すでにアニメーションに応募済み")
	// Another filmmaker's submission: theirs only.
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.other, body: w.entries(w.otherFilm, "", 2)})
	if r.status != 201 {
		t.Fatalf("other submit %d %s", r.status, r.raw)
	}
	theirs := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	r = w.do(call{method: "GET", path: "/api/v1/submissions", token: w.maker})
	if r.status != 200 || field(r, "total") != 2.0 || field(r, "perPage") != 20.0 {
		t.Fatalf("mine %d %s", r.status, r.raw)
	}
	for _, it := range field(r, "items").([]any) {
		if it.(map[string]any)["filmmakerId"].(float64) != float64(w.makerID) || it.(map[string]any)["scores"] != nil {
			t.Fatalf("someone else's submission or scores listed: %v", it)
		}
	}
	expect(t, w.do(call{method: "GET", path: "/api/v1/submissions?status=maybe", token: w.maker}), 400, "Unknown submission status")
	expect(t, w.do(call{method: "GET", path: "/api/v1/submissions"}), 401, "")
	expect(t, w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/submissions/%d/withdraw", theirs), token: w.maker}), 404, "Submission not found")
	// A film of someone else cannot be entered.
	expect(t, w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.otherFilm, "", 1)}), 400, "Choose one of your own films")
	r = w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/submissions/%d/withdraw", first), token: w.maker})
	if r.status != 200 || field(r, "submission", "status") != "withdrawn" {
		t.Fatalf("withdraw %d %s", r.status, r.raw)
	}
	expect(t, w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/submissions/%d/withdraw", first), token: w.maker}), 409, "")
}

// TestOrganiserSubmissionRoutes: another organiser gets 404 on every
// organiser route, as for a missing festival; the organiser and an admin
// get the answers.
func TestOrganiserSubmissionRoutes(t *testing.T) {
	w := newSubWorld(t)
	r := w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0, 1)})
	if r.status != 201 {
		t.Fatalf("submit %d %s", r.status, r.raw)
	}
	id := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	routes := []call{
		{method: "GET", path: w.manage("/submissions?sort=score&flag=none")},
		{method: "GET", path: w.manage(fmt.Sprintf("/submissions/%d", id))},
		{method: "POST", path: w.manage("/submissions/decision"), body: fmt.Sprintf(`{"ids":[%d],"status":"selected","shareComments":true}`, id)},
		{method: "PUT", path: w.manage(fmt.Sprintf("/submissions/%d/flag", id)), body: `{"flag":"strong_contender"}`},
		{method: "GET", path: w.manage("/submissions.csv")},
		{method: "GET", path: w.manage("/settings")},
		{method: "PUT", path: w.manage("/settings"), body: `{"refundOnWithdraw":true,"blindReview":true,"judgingLocked":true}`},
		{method: "GET", path: w.manage("/waivers")},
		{method: "POST", path: w.manage("/waivers"), body: `{"code":"press","percent":50,"usageLimit":10,"expiresOn":"2026-12-31"}`},
		{method: "DELETE", path: w.manage("/waivers/1")},
	}
	for _, c := range routes {
		c.token = w.rival
		expect(t, w.do(c), 404, "Festival not found")
		c.token = w.maker
		expect(t, w.do(c), 404, "Festival not found")
		c.token = ""
		expect(t, w.do(c), 401, "")
	}
	want := []int{200, 200, 200, 200, 200, 200, 200, 200, 201, 204}
	for i, c := range routes {
		c.token = w.org
		if r := w.do(c); r.status != want[i] {
			t.Fatalf("%s %s: %d %s", c.method, c.path, r.status, r.raw)
		}
	}
	// The settings saved, but not the lock (the judging lock route's).
	r = w.do(call{method: "GET", path: w.manage("/settings"), token: w.org})
	if field(r, "refundOnWithdraw") != true || field(r, "blindReview") != true || field(r, "judgingLocked") != false {
		t.Fatalf("settings %s", r.raw)
	}
	// The decision e-mailed the filmmaker.
	mails, err := w.db.Mail.List(adminCtx(t), marquee.MailFilter{})
	if err != nil || mails.Total != 1 || mails.Items[0].To != "maker@example.com" || mails.Items[0].Kind != mail.KindDecision {
		t.Fatalf("outbox %+v %v", mails, err)
	}
	// The filmmaker sees the decision, never the flag.
	r = w.do(call{method: "GET", path: "/api/v1/submissions?status=selected", token: w.maker})
	if field(r, "total") != 1.0 || field(r, "items").([]any)[0].(map[string]any)["flag"] != "" {
		t.Fatalf("mine %s", r.raw)
	}
	// An admin manages every festival.
	adm := w.admin()
	expect(t, w.do(call{method: "GET", path: w.manage("/submissions"), token: adm}), 200, "")
	// The detail shows the screener to the organiser.
	r = w.do(call{method: "GET", path: w.manage(fmt.Sprintf("/submissions/%d", id)), token: w.org})
	if field(r, "film", "screenerPassword") != "secret" || field(r, "submission", "flag") != "strong_contender" {
		t.Fatalf("detail %s", r.raw)
	}
	expect(t, w.do(call{method: "GET", path: w.manage("/submissions?minScore=200"), token: w.org}), 400, "")
	expect(t, w.do(call{method: "POST", path: w.manage("/submissions/decision"), token: w.org, body: fmt.Sprintf(`{"ids":[%d],"status":"award_winner"}`, id)}), 400, "Enter the award's name")
}

func TestSubmissionCSV(t *testing.T) {
	w := newSubWorld(t)
	if r := w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0)}); r.status != 201 {
		t.Fatalf("submit %d %s", r.status, r.raw)
	}
	r := w.do(call{method: "GET", path: w.manage("/submissions.csv"), token: w.org})
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/csv") ||
		r.header.Get("Content-Disposition") != `attachment; filename="`+w.fest.Slug+`-submissions.csv"` {
		t.Fatalf("%d %v", r.status, r.header)
	}
	body := string(r.raw)
	if !strings.HasPrefix(body, "\uFEFFid,film,filmmaker,e-mail,country,category,tier,fee,paid,waiver,status,award,flag,judges,weighted,calibrated,spread,submitted at,entry status\n") {
		t.Fatalf("header %q", body[:min(len(body), 200)])
	}
	// Japanese intact; the formula-looking title neutralised.
	if !strings.Contains(body, `"'=HYPERLINK(""http://evil"") 夜行列車"`) || !strings.Contains(body, ",アニメーション,early,10,10,,submitted,,,0,,,,2026-03-01T09:00:00Z,") {
		t.Fatalf("row %q", body)
	}
}

func TestSubmitRateLimited(t *testing.T) {
	w := newSubWorld(t)
	for range 30 {
		expect(t, w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: `{"filmId":0}`}), 400, "")
	}
	r := w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0)})
	expect(t, r, 429, "Too many submissions")
	if r.header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// Another account has its own allowance.
	expect(t, w.do(call{method: "POST", path: "/api/v1/submissions", token: w.other, body: w.entries(w.otherFilm, "", 0)}), 201, "")
}
