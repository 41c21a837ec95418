package store

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/marquee-festival/marquee"
)

// indexVersionQuery reads the festival_index_state version.
const indexVersionQuery = `SELECT version FROM festival_index_state WHERE id = 1`

// versionStmt returns indexVersionQuery prepared on db's read pool
// (which keeps it prepared on each connection), preparing it the first time.
func (ix *festivalIndex) versionStmt(ctx context.Context, db *DB) (*sql.Stmt, error) {
	if st := ix.stateStmt.Load(); st != nil {
		return st, nil
	}
	ix.stateStmtMu.Lock()
	defer ix.stateStmtMu.Unlock()
	if st := ix.stateStmt.Load(); st != nil {
		return st, nil
	}
	st, err := db.read.PrepareContext(ctx, indexVersionQuery)
	if err != nil {
		return nil, fmt.Errorf("store: prepare search index version: %w", err)
	}
	ix.stateStmt.Store(st)
	return st, nil
}

// indexChanges is what a sync read: the state version, the ids of every
// festival changed since the index's version (approved or not), and the
// approved ones ready to index.
type indexChanges struct {
	version  int64
	changed  []int64
	approved []*indexedFestival
}

// loadIndexChanges reads, in one read-only snapshot, the
// festival_index_state version and the festivals whose index_version is
// above since (all approved festivals when since is negative), with
// their categories and deadlines, in three queries. The festivals' search
// terms are computed on every processor while the deadlines are read.
func (db *DB) loadIndexChanges(ctx context.Context, since int64) (*indexChanges, error) {
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead // one snapshot for every statement
	}
	tx, err := db.read.BeginTx(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("store: load search index: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	c := conn{tx, db}
	ch := &indexChanges{}
	if err := c.queryRow(ctx, indexVersionQuery).Scan(&ch.version); err != nil {
		return nil, fmt.Errorf("store: load search index version: %w", err)
	}
	// The festivals changed since the index's version, and the join
	// reading their categories and deadlines; on the first load, every
	// approved festival, and every category and deadline (those of other
	// festivals are skipped in Go, which costs less than the join).
	changed, join := `f.index_version > ?`, ``
	if since < 0 {
		changed += ` AND f.status = 'approved'`
	} else {
		join = ` JOIN festivals f ON f.id = x.festival_id WHERE f.index_version > ? AND f.status = 'approved'`
	}
	rows, err := c.query(ctx, `SELECT `+festivalColumns+` FROM festivals f WHERE `+changed, since)
	if err != nil {
		return nil, fmt.Errorf("store: load search index festivals: %w", err)
	}
	fs, err := scanFestivals(rows)
	if err != nil {
		return nil, fmt.Errorf("store: load search index festivals: %w", err)
	}
	byID := make(map[int64]*indexedFestival, len(fs))
	ch.changed = make([]int64, 0, len(fs))
	for _, f := range fs {
		ch.changed = append(ch.changed, f.ID)
		if f.Status != marquee.FestivalApproved {
			continue
		}
		f.NextDeadline, f.MinFee = "", nil
		r := &indexedFestival{festival: *f}
		byID[f.ID] = r
		ch.approved = append(ch.approved, r)
	}
	if len(ch.approved) == 0 {
		return ch, nil
	}
	var args []any
	if join != "" {
		args = append(args, since)
	}
	rows, err = c.query(ctx, `SELECT x.festival_id, x.id, x.name, x.name_key FROM festival_categories x`+join, args...)
	if err != nil {
		return nil, fmt.Errorf("store: load search index categories: %w", err)
	}
	type catRef struct {
		r *indexedFestival
		i int
	}
	cats := map[int64]catRef{}
	err = scanEach(rows, func() error {
		var festivalID, id int64
		var name, key string
		if err := rows.Scan(&festivalID, &id, &name, &key); err != nil {
			return err
		}
		if r := byID[festivalID]; r != nil {
			cats[id] = catRef{r, len(r.categories)}
			r.categories = append(r.categories, indexedCategory{name: name, key: key})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: load search index categories: %w", err)
	}
	termsDone := indexTerms(ch.approved)
	defer termsDone() // also when the deadlines fail: the workers read names and records
	rows, err = c.query(ctx, `SELECT x.category_id, x.tier, x.due_on, x.fee FROM festival_deadlines x`+join, args...)
	if err != nil {
		return nil, fmt.Errorf("store: load search index deadlines: %w", err)
	}
	err = scanEach(rows, func() error {
		var categoryID int64
		var tier, date string
		var d indexedDeadline
		if err := rows.Scan(&categoryID, &tier, &date, &d.fee); err != nil {
			return err
		}
		if ref, ok := cats[categoryID]; ok {
			d.day, d.tier = dayNumber(date), slices.Index(marquee.Tiers, marquee.DeadlineTier(tier))
			cat := &ref.r.categories[ref.i]
			cat.deadlines = append(cat.deadlines, d)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: load search index deadlines: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: load search index: %w", err)
	}
	for _, r := range ch.approved {
		for i := range r.categories {
			slices.SortFunc(r.categories[i].deadlines, func(a, b indexedDeadline) int { return a.tier - b.tier })
		}
		r.timeline = r.deadlineTimeline()
	}
	termsDone()
	return ch, nil
}

// scanEach calls scan for every row of rows, then closes them.
func scanEach(rows *sql.Rows, scan func() error) error {
	defer rows.Close()
	for rows.Next() {
		if err := scan(); err != nil {
			return err
		}
	}
	return rows.Err()
}

// indexTerms starts computing the search terms of rs on every processor,
// and returns a function that waits for them (any number of times). The
// workers read the records' details and category names and write their
// terms only.
func indexTerms(rs []*indexedFestival) (wait func()) {
	workers := min(runtime.GOMAXPROCS(0), len(rs)/64+1)
	if workers <= 1 {
		var tc termCollector
		for _, r := range rs {
			r.terms = tc.festivalTerms(&r.festival.FestivalDetails, r.categoryNames())
		}
		return func() {}
	}
	var wg sync.WaitGroup
	per := (len(rs) + workers - 1) / workers
	for start := 0; start < len(rs); start += per {
		part := rs[start:min(len(rs), start+per)]
		wg.Go(func() {
			var tc termCollector
			for _, r := range part {
				r.terms = tc.festivalTerms(&r.festival.FestivalDetails, r.categoryNames())
			}
		})
	}
	return wg.Wait
}
