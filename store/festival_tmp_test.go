package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/store"
)

func TestTmpBuildBenchDB(t *testing.T) {
	path := os.Getenv("TMP_FEST_DB")
	if path == "" {
		t.Skip()
	}
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	setNow(db, festivalNow)
	u := newOrganiser(t, db, "seed@example.com")
	start := time.Now()
	if err := db.ImportFestivals(ctx, u.ID, genFestivals(10000)); err != nil {
		t.Fatal(err)
	}
	t.Logf("import %s", time.Since(start))
}

func BenchmarkTmpSearch(b *testing.B) {
	path := os.Getenv("TMP_FEST_DB")
	if path == "" {
		b.Skip()
	}
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	setNow(db, festivalNow)
	for _, s := range benchSearches {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := db.SearchFestivals(ctx, s.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
