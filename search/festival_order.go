package search

import (
	"math"
	"slices"

	"github.com/marquee-festival/marquee"
)

// dayOrder is every festival of the index in each order, for one index
// version and one day (the next deadline depends on the day): the slots
// in order, and each slot's rank (its position there). Searches order
// their hits by these ranks, packed with what else the order reads into
// one integer per hit (hitKey), so that a search never compares dates
// or ids. It is built once per version and day (FestivalIndex.dayOrder)
// and never changed.
type dayOrder struct {
	version int64
	today   int32
	// Featured festivals first, then by next deadline (closed last),
	// start date and id.
	byDeadline   []int32
	deadlineRank []uint32     // by slot
	deadlineHot  []indexedHot // of byDeadline's slots, in its order
	// Featured festivals first, then by start date and id.
	byStart   []int32
	startRank []uint32 // by slot
	startHot  []indexedHot
}

// dayOrder returns the orders of the index's festivals on day today at
// the index's version, building them when the last ones built are of
// another version or day. The caller holds ix.mu for reading.
func (ix *FestivalIndex) dayOrder(today int32) *dayOrder {
	version := ix.version.Load()
	if o := ix.order.Load(); o != nil && o.version == version && o.today == today {
		return o
	}
	ix.orderMu.Lock()
	defer ix.orderMu.Unlock()
	if o := ix.order.Load(); o != nil && o.version == version && o.today == today {
		return o // another search built it meanwhile
	}
	o := newDayOrder(ix.hot, ix.recs, version, today)
	ix.order.Store(o)
	return o
}

// newDayOrder orders the live festivals of the slots (hot and recs) on
// day today.
func newDayOrder(hot []indexedHot, recs []indexedFestival, version int64, today int32) *dayOrder {
	o := &dayOrder{version: version, today: today, deadlineRank: make([]uint32, len(hot)), startRank: make([]uint32, len(hot))}
	hits := make([]indexHit, 0, len(hot))
	for s := range hot {
		h := &hot[s]
		if !h.live {
			continue
		}
		hit := indexHit{next: closedLast, start: h.start, slot: int32(s), featured: h.featured, id: recs[s].id}
		if next, _ := recs[s].stateOn(today); next != 0 {
			hit.next = next
		}
		hits = append(hits, hit)
	}
	fill := func(sortBy string, rank []uint32) ([]int32, []indexedHot) {
		setKeys(hits, sortBy)
		slices.SortFunc(hits, compareHits)
		slots, inOrder := make([]int32, len(hits)), make([]indexedHot, len(hits))
		for i := range hits {
			slots[i], inOrder[i] = hits[i].slot, hot[hits[i].slot]
			rank[hits[i].slot] = uint32(i)
		}
		return slots, inOrder
	}
	o.byDeadline, o.deadlineHot = fill(marquee.FestivalSortDeadline, o.deadlineRank)
	o.byStart, o.startHot = fill(marquee.FestivalSortStart, o.startRank)
	return o
}

// hot returns the indexedHot of the slots in the order of sortBy (as
// slots): searches that walk an order read them in sequence.
func (o *dayOrder) hot(sortBy string) []indexedHot {
	if sortBy == marquee.FestivalSortStart {
		return o.startHot
	}
	return o.deadlineHot
}

// slots returns the slots in the order of sortBy: by start date, else by
// next deadline (relevance ranks festivals of the same score so).
func (o *dayOrder) slots(sortBy string) []int32 {
	if sortBy == marquee.FestivalSortStart {
		return o.byStart
	}
	return o.byDeadline
}

// ranks returns the ranks of the slots in the order of sortBy (as slots).
func (o *dayOrder) ranks(sortBy string) []uint32 {
	if sortBy == marquee.FestivalSortStart {
		return o.startRank
	}
	return o.deadlineRank
}

// hitKey packs a hit's place in the order into one integer, smaller
// first: by deadline or start, the festival's rank; by relevance,
// featured festivals first, then the score, highest first, then the
// rank by deadline. Its low 32 bits are always the rank, from which the
// slot is found (dayOrder.slots).
func hitKey(relevance, featured bool, score int32, rank uint32) uint64 {
	if !relevance {
		return uint64(rank)
	}
	k := uint64(uint32(math.MaxInt32-score))<<32 | uint64(rank)
	if !featured {
		k |= notFeatured
	}
	return k
}

// indexHit is a festival with what its orders read, next and start,
// and key, the order packed into integers (setKeys).
type indexHit struct {
	next  int32 // next deadline; closedLast when closed
	start int32
	slot  int32
	// featured hits come first, whatever the order (setKeys).
	featured bool
	id       int64
	key      [2]uint64
}

// notFeatured is the top bit of a key, set for hits not featured.
const notFeatured = uint64(1) << 63

// closedLast sorts festivals without a next deadline after all others.
const closedLast = 1<<31 - 1

// setKeys writes into each hit the key of order sortBy: by start date,
// or by next deadline (closed last) then start date; the festival id
// breaks ties. Hits compare by key[0], then key[1], then id. Days are
// YYYYMMDD numbers, which fit in 31 bits; the top bit of key[0] is set
// for hits that are not featured, so that the festivals a promotion
// campaign features come first in every order.
func setKeys(hits []indexHit, sortBy string) {
	for i := range hits {
		h := &hits[i]
		if sortBy == marquee.FestivalSortStart {
			h.key = [2]uint64{uint64(uint32(h.start)), 0}
		} else {
			h.key = [2]uint64{uint64(uint32(h.next))<<32 | uint64(uint32(h.start)), 0}
		}
		if !h.featured {
			h.key[0] |= notFeatured
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

// topKeys orders keys so that its first n are the n smallest, sorted:
// through a bounded heap when n is small against len(keys), else by
// sorting them all.
func topKeys(keys []uint64, n int) []uint64 {
	if n*4 >= len(keys) {
		slices.Sort(keys)
		return keys
	}
	// keys[:n] becomes a heap of the smallest n seen, the largest of them
	// at its root, replaced whenever a smaller key comes.
	heap := keys[:n]
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= n {
				return
			}
			w := l
			if r := l + 1; r < n && heap[l] < heap[r] {
				w = r
			}
			if heap[i] >= heap[w] {
				return
			}
			heap[i], heap[w] = heap[w], heap[i]
			i = w
		}
	}
	for i := n/2 - 1; i >= 0; i-- {
		down(i)
	}
	for _, k := range keys[n:] {
		if k < heap[0] {
			heap[0] = k
			down(0)
		}
	}
	slices.Sort(heap)
	return keys
}
