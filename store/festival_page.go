package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
)

// festivalPageCacheBytes bounds the JSON a DB keeps of festival pages
// (about a thousand pages of 4 KB); past it, pages are dropped at random
// (map order) to make room, and the hot ones come back on their next read.
const festivalPageCacheBytes = 4 << 20

// festivalPages keeps the encoded public pages (marquee.PublicFestivalPage) of
// approved festivals by slug, each with what proves it current: the
// festival's index_version when it was read (markIndexChanged moves it
// with every change a page shows: details, status, version, categories,
// deadlines) and the day its current tiers were computed for.
type festivalPages struct {
	mu      sync.RWMutex
	entries map[string]*festivalPageEntry
	bytes   int
}

// festivalPageEntry is one festival's page. checked is the highest
// festival_index_state version read before the entry was last found
// current: no change to any festival has committed with a version up to
// it since the page was read.
type festivalPageEntry struct {
	indexVersion int64
	day          string
	page         *marquee.PublicFestivalPage
	checked      atomic.Int64
}

func (p *festivalPages) get(slug string) *festivalPageEntry {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.entries[slug]
}

// put keeps e as slug's page, dropping others when the pages would pass
// festivalPageCacheBytes.
func (p *festivalPages) put(slug string, e *festivalPageEntry) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.entries == nil {
		p.entries = map[string]*festivalPageEntry{}
	}
	if old := p.entries[slug]; old != nil {
		p.bytes -= len(old.page.JSON)
		delete(p.entries, slug)
	}
	for s, old := range p.entries {
		if p.bytes+len(e.page.JSON) <= festivalPageCacheBytes {
			break
		}
		p.bytes -= len(old.page.JSON)
		delete(p.entries, s)
	}
	p.entries[slug] = e
	p.bytes += len(e.page.JSON)
}

func (p *festivalPages) drop(slug string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if old := p.entries[slug]; old != nil {
		p.bytes -= len(old.page.JSON)
		delete(p.entries, slug)
	}
}

// festivalPageStateQuery reads what proves a kept page current.
const festivalPageStateQuery = `SELECT index_version FROM festivals WHERE slug = ?`

// PublicPage returns the public page of the approved festival named slug,
// encoded (marquee.EncodePublicFestivalPage); any other is ErrFestivalNotFound.
//
// Pages are kept in memory and shown while they are current, which costs
// at most one small read: the index version every change bumps
// (markIndexChanged), read as the festival search reads it (shared by the
// calls waiting at once, begun after each of them asked). When it has not
// moved since the page was last found current, no festival has changed;
// otherwise the festival's own index_version tells whether it did. So a
// call sees every change committed before it began, whichever node made
// it, as Public does; only approved festivals are kept, and a festival
// that leaves the approved status changes its index_version with it.
func (db *FestivalService) PublicPage(ctx context.Context, slug string) (*marquee.PublicFestivalPage, error) {
	global, err := indexLoader{db.DB}.IndexVersion(ctx)
	if err != nil {
		return nil, err
	}
	today := db.today()
	pages := &db.pages
	e := pages.get(slug)
	if e != nil && e.day == today {
		if e.checked.Load() >= global {
			return e.page, nil
		}
		var v int64
		err := db.reader().queryRow(ctx, festivalPageStateQuery, slug).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			pages.drop(slug)
			return nil, marquee.ErrFestivalNotFound()
		} else if err != nil {
			return nil, fmt.Errorf("store: festival %q page state: %w", slug, err)
		}
		if v == e.indexVersion {
			for {
				c := e.checked.Load()
				if c >= global || e.checked.CompareAndSwap(c, global) {
					break
				}
			}
			return e.page, nil
		}
	}
	// Read the festival's index_version before the festival: a change
	// committed in between leaves the page a version behind, so the next
	// call reads it again, never the other way round.
	var v int64
	err = db.reader().queryRow(ctx, festivalPageStateQuery, slug).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		pages.drop(slug)
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: festival %q page state: %w", slug, err)
	}
	f, err := loadFestival(ctx, db.reader(), today, `f.slug = ?`, slug)
	if err == nil && !marquee.CanSeeFestival(nil, f) { // what a visitor may see: the page is everyone's
		err = marquee.ErrFestivalNotFound()
	}
	if err != nil {
		pages.drop(slug)
		return nil, err
	}
	page, err := marquee.EncodePublicFestivalPage(f)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	e = &festivalPageEntry{indexVersion: v, day: today, page: page}
	e.checked.Store(global)
	pages.put(slug, e)
	return page, nil
}
