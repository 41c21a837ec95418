package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Run with: go test ./store -run '^$' -bench InquiryAsk -benchtime 500x
// (SQLite; the searches read the in-memory index, the database only for
// its version).
func BenchmarkInquiryAsk(b *testing.B) {
	db := storetest.Wrap(b, storetest.OpenSQLite(b))
	ctx := context.Background()
	setNow(db, festivalNow)
	u := newOrganiser(b, db, "seed@example.com")
	if err := db.Festivals.Import(ctx, u.ID, genFestivals(benchFestivals)); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Festivals.Search(ctx, marquee.FestivalQuery{}); err != nil {
		b.Fatal(err) // loads the index
	}
	for _, q := range []struct{ name, question string }{
		{"lisbon-documentary", "documentary festivals in Lisbon"},
		{"tokyo-ja", "東京の映画祭"},
		{"shanghai-zh-deadline", "上海 电影节 截止"},
		{"free-short-open", "free short film festivals open now"},
		{"unknown", "What is the weather on Mars?"},
		{"japan-documentary-deadline", "Which documentary festivals in Japan have deadlines next month?"},
		{"relaxed-osaka-documentary", "documentary festivals in Osaka in May"},
		{"typo", "lisbn documentry festivals"},
	} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := db.Inquiries.Ask(ctx, q.question, "en"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
