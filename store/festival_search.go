package store

import (
	"context"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// Limits of a festival search.
const (
	searchTextMax     = 200
	searchPerPage     = 20
	searchPerPageMax  = 50
	searchPageMax     = 10_000
	searchCategoryMax = 100
)

// normalizeFestivalQuery trims and checks q, fills in its defaults and
// parses its text. Field keys are q, country, from, to, category, maxFee,
// sort and page.
func (db *DB) normalizeFestivalQuery(q *marquee.FestivalQuery) (search.Query, error) {
	f := marquee.FieldErrors{}
	q.Text = strings.TrimSpace(q.Text)
	q.Country = strings.ToUpper(strings.TrimSpace(q.Country))
	q.From, q.To = strings.TrimSpace(q.From), strings.TrimSpace(q.To)
	q.Category = strings.TrimSpace(q.Category)
	q.Sort = strings.TrimSpace(q.Sort)
	if marquee.Length(q.Text) > searchTextMax {
		f.Add("q", "Search text must be at most 200 characters")
	}
	if q.Country != "" && !marquee.ValidCountry(q.Country) {
		f.Add("country", "Pick a country from the list to filter by")
	}
	if _, ok := marquee.ParseDate(q.From); q.From != "" && !ok {
		f.Add("from", "Enter the date as YYYY-MM-DD")
	}
	if _, ok := marquee.ParseDate(q.To); q.To != "" && !ok {
		f.Add("to", "Enter the date as YYYY-MM-DD")
	} else if q.From != "" && q.To != "" && q.To < q.From {
		f.Add("to", "The end of the date range cannot be before its start")
	}
	if marquee.Length(q.Category) > searchCategoryMax {
		f.Add("category", "Category must be at most 100 characters")
	}
	if q.MaxFee != nil && *q.MaxFee < 0 {
		f.Add("maxFee", "Maximum fee cannot be negative")
	}
	switch q.Sort {
	case "", marquee.FestivalSortDeadline, marquee.FestivalSortStart, marquee.FestivalSortRelevance:
	default:
		f.Add("sort", "Sort by deadline, start date or relevance")
	}
	if q.Page < 0 || q.Page > searchPageMax {
		f.Add("page", "Page must be between 1 and 10,000")
	}
	if err := f.Err(marquee.FirstFieldMessage(f, "q", "country", "from", "to", "category", "maxFee", "sort", "page")); err != nil {
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
		q.PerPage = searchPerPage
	case q.PerPage > searchPerPageMax:
		q.PerPage = searchPerPageMax
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
