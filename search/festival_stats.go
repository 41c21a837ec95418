package search

import (
	"context"
	"sync"
	"time"
)

// Stats returns how many festivals the index holds (the approved ones)
// and in how many countries they are held (festivals without a country
// not counted), after bringing the index up to l's version.
func (ix *FestivalIndex) Stats(ctx context.Context, l FestivalLoader) (festivals, countries int64, err error) {
	if err := ix.sync(ctx, l); err != nil {
		return 0, 0, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	for _, h := range ix.hot {
		if h.live {
			festivals++
		}
	}
	for code, slots := range ix.byCountry {
		if code == 0 {
			continue
		}
		for _, s := range slots {
			if ix.hot[s].live && ix.hot[s].country == code {
				countries++
				break
			}
		}
	}
	return festivals, countries, nil
}

// IndexStats is the index's size and build times, for an operator.
type IndexStats struct {
	// Festivals is how many festivals the index holds, Terms how many
	// distinct search terms, as of the last build.
	Festivals, Terms int
	// Full is the first load, Incremental the syncs of changes since.
	Full, Incremental BuildStats
}

// BuildStats counts builds of one kind and the time they took.
type BuildStats struct {
	Count uint64
	Last  time.Duration
	Total time.Duration
}

// buildStats is where sync records its builds.
type buildStats struct {
	mu    sync.Mutex
	stats IndexStats
}

// note records a build (full or incremental) that began at start and
// left festivals and terms in the index.
func (b *buildStats) note(full bool, start time.Time, festivals, terms int) {
	took := time.Since(start)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.stats.Festivals, b.stats.Terms = festivals, terms
	s := &b.stats.Incremental
	if full {
		s = &b.stats.Full
	}
	s.Count++
	s.Last = took
	s.Total += took
}

// IndexStats returns the index's size and build times as of its last
// build (it does not sync the index).
func (ix *FestivalIndex) IndexStats() IndexStats {
	ix.builds.mu.Lock()
	defer ix.builds.mu.Unlock()
	return ix.builds.stats
}
