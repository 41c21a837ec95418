package search

import (
	"cmp"
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
	entries := make([]orderEntry, 0, len(hot))
	nexts := make([]int32, len(hot))
	for s := range hot {
		if !hot[s].live {
			continue
		}
		nexts[s] = closedLast
		if next, _ := recs[s].stateOn(today); next != 0 {
			nexts[s] = next
		}
		entries = append(entries, orderEntry{id: recs[s].id, slot: int32(s)})
	}
	fill := func(start bool, rank []uint32) ([]int32, []indexedHot) {
		for i := range entries {
			e := &entries[i]
			h := &hot[e.slot]
			e.key = uint64(uint32(h.start))
			if !start {
				e.key |= uint64(uint32(nexts[e.slot])) << 32
			}
			if !h.featured {
				e.key |= notFeatured
			}
		}
		slices.SortFunc(entries, func(a, b orderEntry) int {
			if a.key != b.key {
				return cmp.Compare(a.key, b.key)
			}
			return cmp.Compare(a.id, b.id)
		})
		slots, inOrder := make([]int32, len(entries)), make([]indexedHot, len(entries))
		for i, e := range entries {
			slots[i], inOrder[i] = e.slot, hot[e.slot]
			rank[e.slot] = uint32(i)
		}
		return slots, inOrder
	}
	o.byDeadline, o.deadlineHot = fill(false, o.deadlineRank)
	o.byStart, o.startHot = fill(true, o.startRank)
	return o
}

// orderEntry is a festival being ordered: key packs what the order
// reads (featured first, then the next deadline and the start date, or
// the start date alone), the id breaks ties.
type orderEntry struct {
	key  uint64
	id   int64
	slot int32
}

// notFeatured is the top bit of a key, set for festivals not featured:
// those a promotion campaign features come first in every order.
const notFeatured = uint64(1) << 63

// closedLast sorts festivals without a next deadline after all others.
// Days are YYYYMMDD numbers: they, and closedLast, fit in 31 bits.
const closedLast = 1<<31 - 1

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
// first: by deadline or start, the festival's rank, those that needed a
// typo after the others; by relevance, featured festivals first, then
// the score, highest first (a typo lowers it: see exactScore), then the
// rank by deadline. Its low 32 bits are always the rank, from which the
// slot is found (dayOrder.slots).
func hitKey(relevance, featured, typo bool, score int32, rank uint32) uint64 {
	if !relevance {
		if typo {
			return 1<<32 | uint64(rank)
		}
		return uint64(rank)
	}
	k := uint64(uint32(math.MaxInt32-score))<<32 | uint64(rank)
	if !featured {
		k |= notFeatured
	}
	return k
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
