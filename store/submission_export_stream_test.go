package store_test

import (
	"context"
	"fmt"
	"maps"
	"runtime"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestExportStreams: the export reads its rows as they are consumed and
// keeps none of them. Halfway through 3,000 submissions the live heap has
// grown by less than a quarter of what holding them all takes (measured
// here by holding them: an export that collected its rows first would
// hold all of them halfway through); every row comes once, oldest first;
// stopping early is fine and the next export still reads everything.
func TestExportStreams(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 1)
		const n = 3000
		ctx := context.Background()
		// n films of the maker, each entered once, a second apart.
		if err := db.ExecForTest(ctx, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 3000)
			INSERT INTO films (owner_id, title, country, credits, screener_url, screener_password, created_at, updated_at)
			SELECT ?, 'Film number ' || i, 'JP', '[]', 'https://vimeo.example/1', 'secret', ?, ? FROM seq`, f.maker.ID, subNow, subNow); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, country, tier, fee_credits, paid_credits, created_at, updated_at)
			SELECT id, owner_id, ?, ?, 'JP', 'early', 10, 10, ?, ? FROM films WHERE owner_id = ? AND id <> ?`,
			f.fest.ID, f.fest.Categories[0].ID, subNow, subNow, f.maker.ID, f.film); err != nil {
			t.Fatal(err)
		}
		org := as(f.org)
		heap := func() int64 {
			runtime.GC() // twice: objects with finalizers go in the second
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return int64(m.HeapAlloc)
		}

		// Holding every row: what an export that collects them keeps.
		before := heap()
		rows, err := f.svc.Submissions.Export(org, f.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		var held []*marquee.Submission
		for s, err := range rows {
			if err != nil {
				t.Fatal(err)
			}
			held = append(held, s)
		}
		holding := heap() - before
		if len(held) != n {
			t.Fatalf("%d rows, want %d", len(held), n)
		}
		for i := 1; i < n; i++ {
			if held[i].ID <= held[i-1].ID || held[i].CreatedAt.Before(held[i-1].CreatedAt) {
				t.Fatalf("row %d (%d) after %d: not oldest first", i, held[i].ID, held[i-1].ID)
			}
		}
		runtime.KeepAlive(held)
		held = nil

		// Streaming: halfway, about one row is live.
		before = heap()
		rows, err = f.svc.Submissions.Export(org, f.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		var halfway int64
		count := 0
		for _, err := range rows {
			if err != nil {
				t.Fatal(err)
			}
			if count++; count == n/2 {
				halfway = heap() - before
			}
		}
		t.Logf("holding %d rows: %d bytes; halfway through the export: %+d bytes", n, holding, halfway)
		if count != n || holding < 100*n || halfway > holding/4 {
			t.Fatalf("%d rows; the export held %d bytes halfway, holding all of them takes %d", count, halfway, holding)
		}

		// Stopping early closes the rows: the next export reads them all.
		rows, _ = f.svc.Submissions.Export(org, f.fest.Slug)
		for range rows {
			break
		}
		cctx, cancel := context.WithTimeout(org, 10*time.Second)
		defer cancel()
		rows, err = f.svc.Submissions.Export(cctx, f.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		count = 0
		for _, err := range rows {
			if err != nil {
				t.Fatal(err)
			}
			count++
		}
		if count != n {
			t.Fatalf("after stopping early: %d rows, want %d", count, n)
		}
	})
}

// TestExportsAtOnceDoNotWaitForEachOther: more exports than the read pool
// has connections (four on two cores), consumed slowly and all at once,
// all finish, and every row carries its answers (quotes and newlines
// kept), its organiser's status and its festival's and category's names
// as one export alone reads them. An export holds one connection while
// it runs (answers and status in its one statement); with the three
// cursors it had, exports holding some of the pool's connections could
// each wait for one another holds (issue 23).
func TestExportsAtOnceDoNotWaitForEachOther(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 1)
		ctx := context.Background()
		if err := db.ExecForTest(ctx, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < 40)
			INSERT INTO films (owner_id, title, country, credits, screener_url, screener_password, created_at, updated_at)
			SELECT ?, 'Film number ' || i, 'JP', '[]', '', '', ?, ? FROM seq`, f.maker.ID, subNow, subNow); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, country, tier, fee_credits, paid_credits, created_at, updated_at)
			SELECT id, owner_id, ?, ?, 'JP', 'early', 10, 10, ?, ? FROM films WHERE owner_id = ? AND id <> ?`,
			f.fest.ID, f.fest.Categories[0].ID, subNow, subNow, f.maker.ID, f.film); err != nil {
			t.Fatal(err)
		}
		// Two questions, answered by every third entry (a quote and a
		// newline in one answer); a status on every fourth.
		for i, label := range []string{"Format", "Premiere?"} {
			if err := db.ExecForTest(ctx, `INSERT INTO festival_questions (festival_id, position, kind, label, created_at) VALUES (?, ?, 'short_text', ?, ?)`,
				f.fest.ID, i, label, subNow); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.ExecForTest(ctx, `INSERT INTO submission_answers (submission_id, question_id, value)
			SELECT s.id, q.id, q.label || ? || CAST(s.id AS TEXT) FROM submissions s, festival_questions q
			WHERE s.festival_id = ? AND q.festival_id = s.festival_id AND s.id % 3 = 0`, " \"answer\"\n", f.fest.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO festival_entry_statuses (festival_id, name, created_at) VALUES (?, 'Semi-finalist', ?)`, f.fest.ID, subNow); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO submission_entry_statuses (submission_id, status_id, set_at)
			SELECT s.id, fs.id, ? FROM submissions s, festival_entry_statuses fs WHERE s.festival_id = ? AND fs.festival_id = s.festival_id AND s.id % 4 = 0`,
			subNow, f.fest.ID); err != nil {
			t.Fatal(err)
		}
		org := as(f.org)
		want, err := exportAll(org, f.svc.Submissions, f.fest.Slug, 0)
		if err != nil || len(want) != 40 {
			t.Fatalf("one export: %d rows, %v", len(want), err)
		}
		qs, err := f.svc.Submissions.Questions(org, f.fest.Slug)
		if err != nil || len(qs) != 2 {
			t.Fatalf("questions %v %v", qs, err)
		}
		for _, row := range want {
			id := row.Submission.ID
			wantStatus, wantAnswers := "", map[int64]string{}
			if id%4 == 0 {
				wantStatus = "Semi-finalist"
			}
			if id%3 == 0 {
				for _, q := range qs {
					wantAnswers[q.ID] = fmt.Sprintf("%s \"answer\"\n%d", q.Label, id)
				}
			}
			if row.EntryStatus != wantStatus || !maps.Equal(row.Answers, wantAnswers) || row.Submission.CategoryName != f.fest.Categories[0].Name ||
				row.Submission.FestivalSlug != f.fest.Slug || row.Submission.FilmTitle == "" {
				t.Fatalf("submission %d: status %q answers %v (%+v), want %q %v", id, row.EntryStatus, row.Answers, row.Submission, wantStatus, wantAnswers)
			}
		}
		const exports = 12
		done := make(chan error, exports)
		for range exports {
			go func() {
				got, err := exportAll(org, f.svc.Submissions, f.fest.Slug, time.Millisecond)
				if err == nil && len(got) != len(want) {
					err = fmt.Errorf("%d rows, want %d", len(got), len(want))
				}
				done <- err
			}()
		}
		deadline := time.After(60 * time.Second)
		for range exports {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-deadline:
				t.Fatal("exports at once still waiting after 60 s")
			}
		}
	})
}

// exportAll reads a festival's export, pausing between rows.
func exportAll(ctx context.Context, svc marquee.SubmissionManagementService, slug string, pause time.Duration) ([]*marquee.ExportRow, error) {
	export, err := svc.ExportEntries(ctx, slug)
	if err != nil {
		return nil, err
	}
	var out []*marquee.ExportRow
	for row, err := range export.Rows {
		if err != nil {
			return nil, err
		}
		out = append(out, row)
		time.Sleep(pause)
	}
	return out, nil
}
