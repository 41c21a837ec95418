package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// Weights of the fields a festival's search terms come from; a term keeps
// the weight of the best field it appears in.
const (
	weightName        = 3
	weightPlace       = 2 // location and city
	weightDescription = 1 // description and category names
)

// festivalTerms returns the search terms of a festival with their weights.
func festivalTerms(d *marquee.FestivalDetails, categoryNames []string) map[string]int {
	out := map[string]int{}
	add := func(text string, w int) {
		for _, t := range search.Terms(text) {
			if out[t] < w {
				out[t] = w
			}
		}
	}
	add(d.Name, weightName)
	add(d.Location, weightPlace)
	add(d.City, weightPlace)
	add(d.Description, weightDescription)
	for _, n := range categoryNames {
		add(n, weightDescription)
	}
	return out
}

// termArgs appends the (term, festival_id, weight) rows of id's terms to args.
func termArgs(args []any, id int64, terms map[string]int) []any {
	for t, w := range terms {
		args = append(args, t, id, w)
	}
	return args
}

// reindexFestival rebuilds festival id's search terms from its stored
// details and category names.
func reindexFestival(ctx context.Context, c conn, id int64) error {
	var d marquee.FestivalDetails
	err := c.queryRow(ctx, `SELECT name, description, location, city FROM festivals WHERE id = ?`, id).
		Scan(&d.Name, &d.Description, &d.Location, &d.City)
	if err != nil {
		return fmt.Errorf("store: index festival %d: %w", id, err)
	}
	rows, err := c.query(ctx, `SELECT name FROM festival_categories WHERE festival_id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: index festival %d categories: %w", id, err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return fmt.Errorf("store: index festival %d categories: %w", id, err)
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: index festival %d categories: %w", id, err)
	}
	if _, err := c.exec(ctx, `DELETE FROM festival_terms WHERE festival_id = ?`, id); err != nil {
		return fmt.Errorf("store: clear festival %d terms: %w", id, err)
	}
	args := termArgs(nil, id, festivalTerms(&d, names))
	if err := insertValues(ctx, c, `INSERT INTO festival_terms (term, festival_id, weight)`, 3, args, "", nil); err != nil {
		return fmt.Errorf("store: index festival %d: %w", id, err)
	}
	return nil
}

// deadlineCacheSet assigns festivals.next_deadline and min_fee from the
// deadlines, for a day given twice as arguments; deadlineCache is the same
// in Go. A category's current fee is the fee of its earliest deadline on
// or after the day (its tiers' dates increase with the tier).
const deadlineCacheSet = `next_deadline = (SELECT MIN(d.due_on) FROM festival_deadlines d
		WHERE d.festival_id = festivals.id AND d.due_on >= ?),
	min_fee = (SELECT MIN(d.fee) FROM festival_deadlines d
		WHERE d.festival_id = festivals.id AND d.due_on = (SELECT MIN(e.due_on) FROM festival_deadlines e
			WHERE e.category_id = d.category_id AND e.due_on >= ?))`

// recomputeDeadlineCache refreshes festival id's cached next deadline and
// minimum fee for today.
func (db *DB) recomputeDeadlineCache(ctx context.Context, c conn, id int64) error {
	today := marquee.Today(db.now())
	if _, err := c.exec(ctx, `UPDATE festivals SET `+deadlineCacheSet+` WHERE id = ?`, today, today, id); err != nil {
		return fmt.Errorf("store: festival %d deadlines cache: %w", id, err)
	}
	return nil
}

// maxParams bounds the placeholders of one statement, under both SQLite's
// (32,766) and PostgreSQL's (65,535) limits.
const maxParams = 30000

// insertValues runs `head VALUES (?, ...), ... tail` over args, ncols
// values per row, in as few statements as the parameter limit allows. When
// scan is set, tail should hold a RETURNING clause and scan reads each
// returned row.
func insertValues(ctx context.Context, c conn, head string, ncols int, args []any, tail string, scan func(*sql.Rows) error) error {
	rowsPer := maxParams / ncols
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", ncols), ", ") + ")"
	for start := 0; start < len(args); start += rowsPer * ncols {
		end := min(len(args), start+rowsPer*ncols)
		n := (end - start) / ncols
		var sb strings.Builder
		sb.Grow(len(head) + len(tail) + n*(len(tuple)+2) + 16)
		sb.WriteString(head)
		sb.WriteString(" VALUES ")
		for i := range n {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(tuple)
		}
		if tail != "" {
			sb.WriteString(" ")
			sb.WriteString(tail)
		}
		if scan == nil {
			if _, err := c.exec(ctx, sb.String(), args[start:end]...); err != nil {
				return err
			}
			continue
		}
		rows, err := c.query(ctx, sb.String(), args[start:end]...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// categoryKey is a category name folded for the case- and
// accent-insensitive category filter (festival_categories.name_key).
func categoryKey(name string) string { return search.Fold(name) }
