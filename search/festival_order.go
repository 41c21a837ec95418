package search

import (
	"cmp"
	"slices"

	"github.com/marquee-festival/marquee"
)

// indexHit is a matching festival with its sort keys.
type indexHit struct {
	score int32
	next  int32 // next deadline; closedLast when closed
	start int32
	slot  int32
	id    int64
}

// closedLast sorts festivals without a next deadline after all others.
const closedLast = 1<<31 - 1

// hitOrder returns the order of a search: by start date; or by next
// deadline (closed last), then start date, preceded by the score,
// highest first, when by relevance; the festival id breaks ties.
func hitOrder(sortBy string) func(a, b indexHit) int {
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

// topHits orders hits so that its first n are the n first in order
// compare, sorted: through a bounded heap when n is small against
// len(hits), else by sorting them all.
func topHits(hits []indexHit, n int, compare func(a, b indexHit) int) []indexHit {
	if n*4 >= len(hits) {
		slices.SortFunc(hits, compare)
		return hits
	}
	// hits[:n] becomes a heap of the best n seen, the worst of them at
	// its root, replaced whenever a better hit comes.
	heap := hits[:n]
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= n {
				return
			}
			w := l
			if r := l + 1; r < n && compare(heap[l], heap[r]) < 0 {
				w = r
			}
			if compare(heap[i], heap[w]) >= 0 {
				return
			}
			heap[i], heap[w] = heap[w], heap[i]
			i = w
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i)
	}
	for i := n; i < len(hits); i++ {
		if compare(hits[i], heap[0]) < 0 {
			heap[0] = hits[i]
			down(0)
		}
	}
	slices.SortFunc(heap, compare)
	return hits
}
