package search

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/marquee-festival/marquee"
)

// hitOrder is a search's order written plainly (see setKeys), the
// reference the packed keys are checked against: featured hits first,
// then the order of sortBy.
func hitOrder(sortBy string) func(a, b indexHit) int {
	plain := plainOrder(sortBy)
	return func(a, b indexHit) int {
		if a.featured != b.featured {
			if a.featured {
				return -1
			}
			return 1
		}
		return plain(a, b)
	}
}

// plainOrder is the order of sortBy among hits alike in being featured.
func plainOrder(sortBy string) func(a, b indexHit) int {
	relevance := sortBy == marquee.FestivalSortRelevance
	if sortBy == marquee.FestivalSortStart {
		return func(a, b indexHit) int {
			return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.id, b.id))
		}
	}
	return func(a, b indexHit) int {
		if relevance && a.score != b.score {
			return cmp.Compare(b.score, a.score)
		}
		return cmp.Or(cmp.Compare(a.next, b.next), cmp.Compare(a.start, b.start), cmp.Compare(a.id, b.id))
	}
}

// topHits, on the keys setKeys packs, puts the first n hits in the
// order hitOrder defines (the same as sorting them all with it), whether
// it uses its heap (small n) or sorts.
func TestTopHits(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, 2, 7, 50, 300} {
		hits := make([]indexHit, size)
		for i := range hits {
			hits[i] = indexHit{score: r.Int32N(4), next: 20260301 + r.Int32N(5), start: 20260401 + r.Int32N(5), id: int64(i + 1)}
			if r.IntN(4) == 0 {
				hits[i].next = closedLast
			}
			hits[i].featured = r.IntN(6) == 0
		}
		for _, sortBy := range []string{marquee.FestivalSortDeadline, marquee.FestivalSortStart, marquee.FestivalSortRelevance} {
			want := slices.Clone(hits)
			slices.SortFunc(want, hitOrder(sortBy))
			keyed := slices.Clone(hits)
			setKeys(keyed, sortBy)
			for n := 1; n <= size; n += max(1, size/10) { // searches ask for 1 or more
				got := topHits(slices.Clone(keyed), n)
				for i := range got {
					got[i].key = [2]uint64{}
				}
				if !slices.Equal(got[:n], want[:n]) {
					t.Errorf("%d hits by %s, first %d: got %v, want %v", size, sortBy, n, got[:n], want[:n])
				}
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
