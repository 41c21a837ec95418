package search

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/marquee-festival/marquee"
)

// refHit is a festival as the reference order reads it.
type refHit struct {
	next, start, slot int32
	featured          bool
	id                int64
}

// hitOrder is an order written plainly, the reference the day orders
// are checked against: featured festivals first, then by start date, or
// by next deadline and start date; the id breaks ties.
func hitOrder(sortBy string) func(a, b refHit) int {
	return func(a, b refHit) int {
		if a.featured != b.featured {
			if a.featured {
				return -1
			}
			return 1
		}
		if sortBy == marquee.FestivalSortStart {
			return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.id, b.id))
		}
		return cmp.Or(cmp.Compare(a.next, b.next), cmp.Compare(a.start, b.start), cmp.Compare(a.id, b.id))
	}
}

// The day orders list every live festival in the order hitOrder
// defines for the day, and rank each where it is listed.
func TestDayOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	hot, recs := make([]indexedHot, 300), make([]indexedFestival, 300)
	for s := range hot {
		hot[s] = indexedHot{live: r.IntN(10) != 0, start: 20260401 + r.Int32N(5), featured: r.IntN(6) == 0}
		recs[s].id = int64(1000 - s)
		for d := range r.IntN(3) {
			recs[s].timeline = append(recs[s].timeline, dayState{upTo: 20260301 + int32(d)*2 + r.Int32N(2), next: 20260301 + int32(d)*2, minFee: 5})
		}
	}
	today := int32(20260302)
	o := newDayOrder(hot, recs, 7, today)
	for _, sortBy := range []string{marquee.FestivalSortDeadline, marquee.FestivalSortStart} {
		var want []refHit
		for s := range hot {
			if h := &hot[s]; h.live {
				next, _ := recs[s].stateOn(today)
				if next == 0 {
					next = closedLast
				}
				want = append(want, refHit{next: next, start: h.start, featured: h.featured, id: recs[s].id, slot: int32(s)})
			}
		}
		slices.SortFunc(want, hitOrder(sortBy))
		got := o.slots(sortBy)
		if len(got) != len(want) {
			t.Fatalf("by %s: %d slots, want %d", sortBy, len(got), len(want))
		}
		for i, w := range want {
			if got[i] != w.slot || o.ranks(sortBy)[w.slot] != uint32(i) || o.hot(sortBy)[i] != hot[w.slot] {
				t.Fatalf("by %s, position %d: slot %d (rank %d), want %d", sortBy, i, got[i], o.ranks(sortBy)[w.slot], w.slot)
			}
		}
	}
}

// Relevance keys put featured festivals first, then the highest score,
// then the rank; the others are the rank, those that needed a typo after.
func TestHitKey(t *testing.T) {
	if hitKey(false, true, false, 9, 5) != 5 || hitKey(false, false, false, 0, 5) != 5 {
		t.Error("keys by deadline or start are not the rank")
	}
	if k := hitKey(false, false, true, 9, 5); k <= hitKey(false, false, false, 9, 1<<31) || uint32(k) != 5 {
		t.Errorf("a typo's key by deadline %x is not after every exact one's, or not its rank", k)
	}
	ordered := []uint64{hitKey(true, true, false, 1, 9), hitKey(true, false, false, 600, 0), hitKey(true, false, false, 3, 1),
		hitKey(true, false, true, 3, 2), hitKey(true, false, false, 0, 0)}
	if !slices.IsSorted(ordered) {
		t.Errorf("relevance keys out of order: %x", ordered)
	}
	if uint32(hitKey(true, false, false, 3, 77)) != 77 {
		t.Error("the low bits are not the rank")
	}
}

// topKeys puts the first n keys in order (the same as sorting them all),
// whether it uses its heap (small n) or sorts.
func TestTopKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, 2, 7, 50, 300} {
		keys := make([]uint64, size)
		for i := range keys {
			keys[i] = r.Uint64N(40) << 32 // many alike in the high bits
		}
		want := slices.Clone(keys)
		slices.Sort(want)
		for n := 1; n <= size; n += max(1, size/10) { // searches ask for 1 or more
			if got := topKeys(slices.Clone(keys), n); !slices.Equal(got[:n], want[:n]) {
				t.Errorf("%d keys, first %d: got %v, want %v", size, n, got[:n], want[:n])
			}
		}
	}
}

func TestDayNumber(t *testing.T) {
	for s, want := range map[string]int32{"2026-03-01": 20260301, "1999-12-31": 19991231, "": 0, "2026-3-01": 0, "2026/03/01": 0, "2026-0a-01": 0} {
		if got := dayNumber(s); got != want {
			t.Errorf("dayNumber(%q) = %d, want %d", s, got, want)
		}
		if want != 0 && dayString(want) != s {
			t.Errorf("dayString(%d) = %q, want %q", want, dayString(want), s)
		}
	}
}

func TestCountryCode(t *testing.T) {
	if countryCode("") != 0 || countryCode("JP") == countryCode("FR") || countryCode("JPN") != 0xFFFF {
		t.Errorf("country codes: %d %d %d %d", countryCode(""), countryCode("JP"), countryCode("FR"), countryCode("JPN"))
	}
}

// What the filters scan per festival stays packed.
func TestIndexedHotSize(t *testing.T) {
	if n := unsafe.Sizeof(indexedHot{}); n != 16 {
		t.Errorf("indexedHot takes %d bytes, want 16", n)
	}
}

// Building the day's orders, which the first search of each index
// version and day pays: go test ./search -run '^$' -bench DayOrder
func BenchmarkDayOrder(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(5, 6))
			hot, recs := make([]indexedHot, n), make([]indexedFestival, n)
			for s := range hot {
				hot[s] = indexedHot{live: true, start: 20260101 + r.Int32N(700), featured: r.IntN(500) == 0}
				recs[s].id = int64(s + 1)
				for d := range r.IntN(4) {
					recs[s].timeline = append(recs[s].timeline, dayState{upTo: 20260101 + int32(d)*60 + r.Int32N(60), next: 20260101 + int32(d)*60})
				}
			}
			for b.Loop() {
				newDayOrder(hot, recs, 1, 20260301)
			}
		})
	}
}
