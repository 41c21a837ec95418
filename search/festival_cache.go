package search

import (
	"sync"

	"github.com/marquee-festival/marquee"
)

// pageCacheSize bounds the searches one index remembers; past it the
// cache starts afresh.
const pageCacheSize = 1024

// pageCache remembers the pages of recent searches (which festivals, in
// order, and how many matched) for one index version: the same search on
// the same day over the same festivals finds the same page, so it skips
// matching and ordering. Any change to the index (a new version) empties
// it, so a cached page is never older than the index: a search still
// sees every change committed before it started. The page's festivals
// are read from the index again at each search, with their next deadline
// and fee for the day.
type pageCache struct {
	mu      sync.Mutex
	version int64
	pages   map[pageKey]cachedPage
}

// pageKey is a normalised search (marquee.FestivalQuery with the fee
// limit as a value).
type pageKey struct {
	text, country, from, to, category, sort, today string
	open, hasMaxFee                                bool
	maxFee                                         int64
	page, perPage                                  int
}

// cachedPage is what a search found: the total and the page's slots.
type cachedPage struct {
	total int64
	slots []int32
}

func keyOf(q marquee.FestivalQuery) pageKey {
	k := pageKey{text: q.Text, country: q.Country, from: q.From, to: q.To, category: q.Category, sort: q.Sort,
		today: q.Today, open: q.Open, page: q.Page, perPage: q.PerPage}
	if q.MaxFee != nil {
		k.hasMaxFee, k.maxFee = true, *q.MaxFee
	}
	return k
}

// get returns the page of k found at version, if remembered.
func (c *pageCache) get(version int64, k pageKey) (cachedPage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version || c.pages == nil {
		return cachedPage{}, false
	}
	p, ok := c.pages[k]
	return p, ok
}

// put remembers the page of k found at version, forgetting every page of
// another version.
func (c *pageCache) put(version int64, k pageKey, p cachedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != version || c.pages == nil || len(c.pages) >= pageCacheSize {
		c.version, c.pages = version, make(map[pageKey]cachedPage, 64)
	}
	c.pages[k] = p
}
