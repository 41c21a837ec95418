package store_test

import (
	"context"
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
