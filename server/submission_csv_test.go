package server_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestSubmissionCSVGolden pins the organiser's CSV download byte for
// byte (testdata/submissions.csv, written by the export before it
// streamed): the BOM, the header, every column of submissions entered,
// waived, withdrawn, decided, flagged and scored by two judges (weighted,
// calibrated, spread), texts that look like formulas neutralised, quotes,
// commas and line breaks escaped, Japanese intact. Run with -update to
// rewrite the file after a deliberate change of the format.
func TestSubmissionCSVGolden(t *testing.T) {
	w := newSubWorld(t)
	ctx := context.Background()
	clock := w.db.Clock
	tick := func() { clock.Set(clock.Now().Add(90 * time.Minute)) }
	raw := func(q string, args ...any) {
		t.Helper()
		if _, err := w.raw.Exec(q, args...); err != nil {
			t.Fatal(err)
		}
	}
	raw(`UPDATE users SET name = ? WHERE email = 'maker@example.com'`, "@Maya \"the\" Maker")
	raw(`UPDATE users SET name = ? WHERE email = 'other@example.com'`, "Olu, Other\nSecond line")
	raw(`UPDATE films SET country = 'FR' WHERE id = ?`, w.otherFilm)
	orgUser, err := w.db.Users.FindUserByEmail(ctx, "org@example.com")
	if err != nil {
		t.Fatal(err)
	}
	org := storetest.AsUser(ctx, orgUser)
	fest, err := w.db.Festivals.FestivalByID(ctx, w.fest.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.db.Festivals.ReplaceCriteria(org, fest.Slug, fest.Version, []marquee.Criterion{
		{Name: "Story", Weight: 2, MaxScore: 10}, {Name: "Craft", Weight: 1, MaxScore: 5}}); err != nil {
		t.Fatal(err)
	}
	fest, _ = w.db.Festivals.FestivalByID(ctx, w.fest.ID)
	expect(t, w.do(call{method: "POST", path: w.manage("/waivers"), token: w.org,
		body: `{"code":"PRESS","percent":50,"usageLimit":10,"expiresOn":"2026-12-31"}`}), 201, "")

	submit := func(token string, film int64, code string, cats ...int) []int64 {
		t.Helper()
		tick()
		r := w.do(call{method: "POST", path: "/api/v1/submissions", token: token, body: w.entries(film, code, cats...)})
		expect(t, r, 201, "")
		var ids []int64
		for _, s := range field(r, "submissions").([]any) {
			ids = append(ids, int64(s.(map[string]any)["id"].(float64)))
		}
		return ids
	}
	mine := submit(w.maker, w.makerFilm, "", 0, 1)
	theirs := submit(w.other, w.otherFilm, "PRESS", 0, 2)
	tick()
	expect(t, w.do(call{method: "POST", path: fmt.Sprintf("/api/v1/submissions/%d/withdraw", mine[1]), token: w.maker}), 200, "")

	// Two judges score every entry that is not withdrawn.
	var judges []int64
	var judgeCtx []context.Context
	for i, email := range []string{"judge1@example.com", "judge2@example.com"} {
		w.signUp(email, "password-123")
		u, err := w.db.Users.FindUserByEmail(ctx, email)
		if err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := w.raw.QueryRow(`INSERT INTO judges (festival_id, user_id, email, token_hash, status, scope, invited_at, accepted_at)
			VALUES (?, ?, ?, ?, 'active', '', ?, ?) RETURNING id`, w.fest.ID, u.ID, email, fmt.Sprintf("golden-%d", i), clock.Now(), clock.Now()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		judges, judgeCtx = append(judges, id), append(judgeCtx, storetest.AsUser(ctx, u))
	}
	if _, err := w.db.Judging.Assign(org, fest.Slug, marquee.AssignmentRequest{Mode: "all", JudgeIDs: judges}); err != nil {
		t.Fatal(err)
	}
	story, craft := fest.Criteria[0].ID, fest.Criteria[1].ID
	for _, s := range []struct {
		judge         int
		sub           int64
		story, craftN int
	}{
		{0, mine[0], 9, 4}, {1, mine[0], 6, 5}, {0, theirs[0], 7, 2}, {1, theirs[0], 3, 1}, {0, theirs[1], 10, 5},
	} {
		tick()
		if _, err := w.db.Judging.SaveScore(judgeCtx[s.judge], fest.Slug, s.sub, marquee.ScoreInput{
			Scores: []marquee.CriterionScore{{CriterionID: story, Score: s.story}, {CriterionID: craft, Score: s.craftN}}}); err != nil {
			t.Fatal(err)
		}
	}
	tick()
	expect(t, w.do(call{method: "POST", path: w.manage("/submissions/decision"), token: w.org,
		body: fmt.Sprintf(`{"ids":[%d],"status":"award_winner","awardName":"=Best \"short\", 2026"}`, mine[0])}), 200, "")
	expect(t, w.do(call{method: "POST", path: w.manage("/submissions/decision"), token: w.org,
		body: fmt.Sprintf(`{"ids":[%d],"status":"not_selected"}`, theirs[1])}), 200, "")
	expect(t, w.do(call{method: "PUT", path: w.manage(fmt.Sprintf("/submissions/%d/flag", theirs[0])), token: w.org,
		body: `{"flag":"strong_contender"}`}), 200, "")

	r := w.do(call{method: "GET", path: w.manage("/submissions.csv"), token: w.org})
	expect(t, r, http.StatusOK, "")
	if r.header.Get("Content-Type") != "text/csv; charset=utf-8" || r.header.Get("Cache-Control") != "no-store" ||
		r.header.Get("Content-Disposition") != `attachment; filename="`+w.fest.Slug+`-submissions.csv"` {
		t.Fatalf("headers %v", r.header)
	}
	file := filepath.Join("testdata", "submissions.csv")
	if *updateGolden {
		if err := os.WriteFile(file, r.raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(r.raw); got != string(want) {
		t.Fatalf("the CSV changed:\n--- got\n%s\n--- want\n%s", strings.ReplaceAll(got, "\r", `\r`), strings.ReplaceAll(string(want), "\r", `\r`))
	}
}

// failingExport is submission management with an export that yields
// rows generated rows and then fails with err.
type failingExport struct {
	marquee.SubmissionManagementService
	rows int
	err  error
}

func (f failingExport) ExportEntries(context.Context, string) (*marquee.SubmissionExport, error) {
	return &marquee.SubmissionExport{Questions: []*marquee.Question{}, Rows: func(yield func(*marquee.ExportRow, error) bool) {
		for i := range f.rows {
			s := &marquee.Submission{ID: int64(i + 1), FilmTitle: "Film", Tier: marquee.TierEarly, Status: marquee.SubmissionSubmitted}
			if !yield(&marquee.ExportRow{Submission: s}, nil) {
				return
			}
		}
		yield(nil, f.err)
	}}, nil
}

// TestSubmissionCSVReadFails: a read that fails before the first rows
// are sent is answered as any error (500, nothing of the CSV); one that
// fails after rows went out cuts the connection, so that the client sees the
// download unfinished rather than a short file that looks whole.
func TestSubmissionCSVReadFails(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	for _, c := range []struct {
		rows int
		cut  bool
	}{{0, false}, {3, false}, {5000, true}} {
		svc := db.Domain()
		svc.SubmissionManagement = failingExport{SubmissionManagementService: svc.SubmissionManagement, rows: c.rows, err: errors.New("disk on fire")}
		s := newTestServerOver(t, db, svc)
		token := s.signUp(fmt.Sprintf("org%d@example.com", c.rows), "password-123")
		req, _ := http.NewRequest("GET", s.url+"/api/v1/manage/festivals/any/submissions.csv", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		switch {
		case !c.cut && (res.StatusCode != 500 || err != nil || strings.Contains(string(body), "id,film")):
			t.Fatalf("%d rows: %d %v %q", c.rows, res.StatusCode, err, body)
		case c.cut && (res.StatusCode != 200 || err == nil || !strings.HasPrefix(string(body), "\uFEFFid,film,")):
			t.Fatalf("%d rows: %d %v, %d bytes: the download looks whole", c.rows, res.StatusCode, err, len(body))
		}
	}
}
