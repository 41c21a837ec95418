package store

import (
	"context"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// normalizeFestivalQuery trims and checks q, fills in its defaults and
// parses its text. Field keys are q, country, from, to, category, maxFee,
// sort and page.
func (db *DB) normalizeFestivalQuery(q *marquee.FestivalQuery) (search.Query, error) {
	if err := q.Validate(); err != nil {
		return search.Query{}, err
	}
	parsed := search.ParseQuery(q.Text)
	if q.Sort == "" {
		q.Sort = marquee.FestivalSortDeadline
		if !parsed.Empty() {
			q.Sort = marquee.FestivalSortRelevance
		}
	}
	if q.Page == 0 {
		q.Page = 1
	}
	switch {
	case q.PerPage <= 0:
		q.PerPage = marquee.FestivalSearchPerPage
	case q.PerPage > marquee.FestivalSearchPerPageMax:
		q.PerPage = marquee.FestivalSearchPerPageMax
	}
	if _, ok := marquee.ParseDate(q.Today); !ok {
		q.Today = marquee.Today(db.now())
	}
	return parsed, nil
}

// SearchFestivals runs a discovery search over approved festivals: text
// in any script (every word must match: a prefix for spaced scripts, the
// characters or bigrams for CJK), country, dates overlapping From..To,
// open for submissions on Today, a category name containing Category
// (ignoring case and Latin accents), a current fee of at most MaxFee;
// sorted by next deadline (closed festivals last), start date or
// relevance (the sum, over the query's parts, of the best field weight
// matched: name 3, location or city 2, description or category 1), the
// festival id breaking ties. Next deadlines and fees are those of Today.
// Items carry no categories or criteria.
//
// It answers from the DB's in-memory index (festival_search_index.go),
// first brought up to date with the database: a search sees every change
// committed before it started, whichever server made it.
func (db *DB) SearchFestivals(ctx context.Context, q marquee.FestivalQuery) (*marquee.FestivalPage, error) {
	parsed, err := db.normalizeFestivalQuery(&q)
	if err != nil {
		return nil, err
	}
	ix := &db.searchIndex
	if err := ix.sync(ctx, db); err != nil {
		return nil, err
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.search(q, parsed), nil
}
