package search

import (
	"math"
	"slices"

	"github.com/marquee-festival/marquee"
)

// indexHit is a matching festival with its sort keys: score, next and
// start as the order reads them, and key, the same order packed into
// integers (setKeys) so that ordering thousands of hits compares numbers.
type indexHit struct {
	score int32
	next  int32 // next deadline; closedLast when closed
	start int32
	slot  int32
	// featured hits come first, whatever the order (setKeys).
	featured bool
	id       int64
	key      [2]uint64
}

// notFeatured is the top bit of key[0], set for hits not featured.
const notFeatured = uint64(1) << 63

// closedLast sorts festivals without a next deadline after all others.
const closedLast = 1<<31 - 1

// setKeys writes into each hit the key of order sortBy: by start date;
// or by next deadline (closed last), then start date, preceded by the
// score, highest first, when by relevance; the festival id breaks ties.
// Hits compare by key[0], then key[1], then id. Days are YYYYMMDD
// numbers and scores small, so each fits in 31 bits; the top bit of
// key[0] is set for hits that are not featured, so that the festivals
// a promotion campaign features come first in every order.
func setKeys(hits []indexHit, sortBy string) {
	defer func() {
		for i := range hits {
			if !hits[i].featured {
				hits[i].key[0] |= notFeatured
			}
		}
	}()
	switch sortBy {
	case marquee.FestivalSortStart:
		for i := range hits {
			hits[i].key = [2]uint64{uint64(uint32(hits[i].start)), 0}
		}
	case marquee.FestivalSortRelevance:
		for i := range hits {
			h := &hits[i]
			h.key = [2]uint64{uint64(uint32(math.MaxInt32-h.score))<<32 | uint64(uint32(h.next)), uint64(uint32(h.start))}
		}
	default:
		for i := range hits {
			h := &hits[i]
			h.key = [2]uint64{uint64(uint32(h.next))<<32 | uint64(uint32(h.start)), 0}
		}
	}
}

// hitBefore reports whether a comes before b by their keys.
func hitBefore(a, b *indexHit) bool {
	if a.key[0] != b.key[0] {
		return a.key[0] < b.key[0]
	}
	if a.key[1] != b.key[1] {
		return a.key[1] < b.key[1]
	}
	return a.id < b.id
}

// compareHits orders hits by their keys, for slices.SortFunc.
func compareHits(a, b indexHit) int {
	switch {
	case hitBefore(&a, &b):
		return -1
	case hitBefore(&b, &a):
		return 1
	}
	return 0
}

// topHits orders hits, whose keys setKeys wrote, so that its first n
// are the n first, sorted: through a bounded heap when n is small
// against len(hits), else by sorting them all.
func topHits(hits []indexHit, n int) []indexHit {
	if n*4 >= len(hits) {
		slices.SortFunc(hits, compareHits)
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
			if r := l + 1; r < n && hitBefore(&heap[l], &heap[r]) {
				w = r
			}
			if !hitBefore(&heap[i], &heap[w]) {
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
		if hitBefore(&hits[i], &heap[0]) {
			heap[0] = hits[i]
			down(0)
		}
	}
	slices.SortFunc(heap, compareHits)
	return hits
}
