package search

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// The deadline timeline gives, for every day, what deadlineState
// computes from the deadlines: the next deadline and the lowest fee of
// the categories' current tiers.
func TestDeadlineTimeline(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	day := func(offset int) string { return base.AddDate(0, 0, offset).Format(marquee.DateLayout) }
	for range 200 {
		var cats []CategoryDoc
		for range r.IntN(4) {
			var ds []marquee.Deadline
			date, fee := r.IntN(20), int64(r.IntN(30))
			for _, tier := range marquee.Tiers[:1+r.IntN(len(marquee.Tiers))] {
				ds = append(ds, dl(tier, day(date), fee))
				date, fee = date+1+r.IntN(10), fee+int64(r.IntN(20))
			}
			cats = append(cats, cat("Category", ds...))
		}
		var tc termCollector
		var add newFestival
		if err := newIndexedFestival(&FestivalDoc{Festival: marquee.Festival{ID: 1}, Categories: cats}, &tc, &add); err != nil {
			t.Fatal(err)
		}
		h := add.rec
		for offset := -2; offset < 60; offset++ {
			today := dayNumber(day(offset))
			wantNext, wantFee, hasFee := int32(0), int64(0), false
			for _, c := range cats {
				// c.Deadlines are in reverse tier order (see cat): the
				// current tier is the last of them on or after today.
				for i := len(c.Deadlines) - 1; i >= 0; i-- {
					d := c.Deadlines[i]
					if dayNumber(d.Date) < today {
						continue
					}
					if wantNext == 0 || dayNumber(d.Date) < wantNext {
						wantNext = dayNumber(d.Date)
					}
					if !hasFee || d.Fee < wantFee {
						wantFee, hasFee = d.Fee, true
					}
					break
				}
			}
			if next, fee := h.stateOn(today); next != wantNext || fee != wantFee {
				t.Fatalf("%+v on %d: next %d fee %d, want %d %d", cats, today, next, fee, wantNext, wantFee)
			}
		}
	}
}
