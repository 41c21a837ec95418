package store

import "fmt"

// rollupCount names a total of the rollups (rollupTotalColumn's facet and
// key) and holds it once read.
type rollupCount struct {
	facet, key string
	n          int64
}

// rollupTotalColumn is a column of a statement reading festivals fe: the
// festival's submissions as the all-days rows of submission_rollups count
// them (kept in the transaction of every change, analytics_rollup.go), so
// that the total comes with the festival. Facet 'category' counts every
// entry, 'open' those not withdrawn (one of the code's facet names, never
// a caller's text); key is a category's id, or "" for every category. It
// reads a row per category instead of the festival's entries: the hot
// festival's 5,000 cost a millisecond of the organiser's list and ranking
// at each call.
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
