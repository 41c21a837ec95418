package store

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// festivalIndex is a DB's in-memory festival search index, which loads
// through indexLoader (festival_search_load.go), and the statement that
// loader reads the index version with.
type festivalIndex struct {
	search.FestivalIndex
	// versionStmt is indexVersionQuery, prepared once.
	versionStmt   atomic.Pointer[sql.Stmt]
	versionStmtMu sync.Mutex
	// versionReads shares each version read among the searches waiting
	// for one at once (shared_read.go).
	versionReads sharedRead
}

// SearchFestivals runs a discovery search over approved festivals: text
// in any script (every word must match: a prefix for spaced scripts, or
// for a word of five letters or more a word one edit away, ranked below
// the exact matches in every order; the characters or bigrams for CJK),
// country, dates overlapping From..To,
// open for submissions on Today, a category name containing Category
// (ignoring case and Latin accents), a current fee of at most MaxFee;
// sorted by next deadline (closed festivals last), start date or
// relevance (the sum, over the query's parts, of the best field weight
// matched: name 3, location or city 2, description or category 1, each
// part matched exactly counting above any typo), the
// festival id breaking ties. Next deadlines and fees are those of Today.
// Items carry no categories, criteria or organiser, an excerpt of the
// description (marquee.Excerpt, SearchExcerptLength characters) and
// their list JSON pre-encoded (Festival.Listing), from which they are
// decoded; with q.ListingsOnly they carry only their ID, list JSON, next
// deadline and fee. What q leaves empty takes the defaults of
// marquee.FestivalQuery.Normalize, Today the DB's clock.
//
// It answers from the DB's in-memory index (search.FestivalIndex),
// first brought up to date with the database: a search sees every change
// committed before it started, whichever server made it.
func (db *FestivalService) Search(ctx context.Context, q marquee.FestivalQuery) (*marquee.FestivalPage, error) {
	return db.searchIndex.Search(ctx, indexLoader{db.DB}, q, db.today())
}
