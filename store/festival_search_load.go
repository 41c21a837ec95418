package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// indexLoader is how a DB's search index (search.FestivalIndex) reads
// the database: festival_index_state's version, which markIndexChanged
// bumps, and the festivals marked with a later one.
type indexLoader struct{ db *DB }

// indexVersionQuery reads the festival_index_state version.
const indexVersionQuery = `SELECT version FROM festival_index_state WHERE id = 1`

// IndexVersion reads the festival_index_state version. Concurrent
// searches share a read that started after each of them asked
// (sharedRead), so each still sees every change committed before it
// started, whichever node made it, for one query per round instead of one
// per search.
func (l indexLoader) IndexVersion(ctx context.Context) (int64, error) {
	return l.db.searchIndex.versionReads.read(ctx, l.readIndexVersion)
}

// readIndexVersion runs indexVersionQuery, prepared on the read pool
// (which keeps it prepared on each connection) the first time.
func (l indexLoader) readIndexVersion(ctx context.Context) (int64, error) {
	stmt, err := l.versionStmt(ctx)
	if err != nil {
		return 0, err
	}
	var v int64
	if err := stmt.QueryRowContext(ctx).Scan(&v); err != nil {
		return 0, fmt.Errorf("store: search index version: %w", err)
	}
	return v, nil
}

// versionStmt returns indexVersionQuery prepared on the read pool,
// preparing it the first time.
func (l indexLoader) versionStmt(ctx context.Context) (*sql.Stmt, error) {
	ix := &l.db.searchIndex
	if st := ix.versionStmt.Load(); st != nil {
		return st, nil
	}
	ix.versionStmtMu.Lock()
	defer ix.versionStmtMu.Unlock()
	if st := ix.versionStmt.Load(); st != nil {
		return st, nil
	}
	st, err := l.db.read.PrepareContext(ctx, indexVersionQuery)
	if err != nil {
		return nil, fmt.Errorf("store: prepare search index version: %w", err)
	}
	ix.versionStmt.Store(st)
	return st, nil
}

// FestivalsChangedSince reads, in one read-only snapshot, the
// festival_index_state version and the festivals whose index_version is
// above since (all approved festivals when since is negative), the
// approved ones with their categories and deadlines, in three queries.
func (l indexLoader) FestivalsChangedSince(ctx context.Context, since int64) ([]search.FestivalDoc, int64, error) {
	db := l.db
	opts := &sql.TxOptions{ReadOnly: true}
	if db.dialect == Postgres {
		opts.Isolation = sql.LevelRepeatableRead // one snapshot for every statement
	}
	tx, err := db.read.BeginTx(ctx, opts)
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	c := conn{tx, db}
	var version int64
	if err := c.queryRow(ctx, indexVersionQuery).Scan(&version); err != nil {
		return nil, 0, fmt.Errorf("store: load search index version: %w", err)
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
		return nil, 0, fmt.Errorf("store: load search index festivals: %w", err)
	}
	fs, err := scanFestivals(rows)
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index festivals: %w", err)
	}
	docs := make([]search.FestivalDoc, len(fs))
	approved := make(map[int64]int, len(fs)) // festival id -> index in docs
	for i, f := range fs {
		docs[i].Festival = *f
		if f.Status == marquee.FestivalApproved {
			approved[f.ID] = i
		}
	}
	if len(approved) == 0 {
		return docs, version, nil
	}
	var args []any
	if join != "" {
		args = append(args, since)
	}
	rows, err = c.query(ctx, `SELECT x.festival_id, x.id, x.name, x.name_key FROM festival_categories x`+join, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index categories: %w", err)
	}
	type catRef struct{ doc, i int }
	cats := map[int64]catRef{}
	err = scanEach(rows, func() error {
		var festivalID, id int64
		var cat search.CategoryDoc
		if err := rows.Scan(&festivalID, &id, &cat.Name, &cat.Key); err != nil {
			return err
		}
		if i, ok := approved[festivalID]; ok {
			cats[id] = catRef{i, len(docs[i].Categories)}
			docs[i].Categories = append(docs[i].Categories, cat)
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index categories: %w", err)
	}
	rows, err = c.query(ctx, `SELECT x.category_id, x.tier, x.due_on, x.fee FROM festival_deadlines x`+join, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index deadlines: %w", err)
	}
	err = scanEach(rows, func() error {
		var categoryID int64
		var d marquee.Deadline
		if err := rows.Scan(&categoryID, &d.Tier, &d.Date, &d.Fee); err != nil {
			return err
		}
		if ref, ok := cats[categoryID]; ok {
			cat := &docs[ref.doc].Categories[ref.i]
			cat.Deadlines = append(cat.Deadlines, d)
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index deadlines: %w", err)
	}
	// Festivals a running promotion campaign features come first.
	featured := `SELECT x.festival_id FROM promotions x` + join
	if join == "" {
		featured += ` WHERE x.status = 'active'`
	} else {
		featured += ` AND x.status = 'active'`
	}
	rows, err = c.query(ctx, featured, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index promotions: %w", err)
	}
	err = scanEach(rows, func() error {
		var festivalID int64
		if err := rows.Scan(&festivalID); err != nil {
			return err
		}
		if i, ok := approved[festivalID]; ok {
			docs[i].Festival.Featured = true
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("store: load search index promotions: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, 0, fmt.Errorf("store: load search index: %w", err)
	}
	return docs, version, nil
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
