package store

import (
	"context"
	"fmt"
)

// rollupTotal returns festival id's submissions as the all-days rows of
// submission_rollups count them (kept in the transaction of every change,
// analytics_rollup.go): facet 'category' counts every entry, 'open' those
// not withdrawn; key is a category's id, or "" for every category. It
// reads a row per category instead of the festival's entries: the hot
// festival's 5,000 cost a millisecond of the organiser's list and ranking
// at each call, the largest part after the page itself.
func rollupTotal(ctx context.Context, c conn, festivalID int64, facet, key string) (int64, error) {
	q, args := `SELECT COALESCE(SUM(count), 0) FROM submission_rollups WHERE festival_id = ? AND facet = ? AND day = '*'`, []any{festivalID, facet}
	if key != "" {
		q, args = q+` AND key = ?`, append(args, key)
	}
	var n int64
	if err := c.queryRow(ctx, q, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: %s total of festival %d: %w", facet, festivalID, err)
	}
	return n, nil
}

// rollupCount names a total of the rollups (rollupTotal's facet and key;
// key "" for all of the facet's) and holds it once read.
type rollupCount struct {
	facet, key string
	n          int64
}

// rollupTotalColumn is rollupTotal as a column of a statement reading
// festivals fe, so that the total comes with the festival: facet is one
// of the code's facet names, never a caller's text.
func rollupTotalColumn(facet, key string) (string, []any) {
	return `(SELECT COALESCE(SUM(r.count), 0) FROM submission_rollups r
		WHERE r.festival_id = fe.id AND r.facet = '` + facet + `' AND r.day = '*' AND (? = '' OR r.key = ?))`, []any{key, key}
}

// categoryRollupKey is a category's rollup key: its id, or "" for all.
func categoryRollupKey(id int64) string {
	if id == 0 {
		return ""
	}
	return fmt.Sprint(id)
}
