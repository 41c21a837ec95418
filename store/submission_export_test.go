package store

import (
	"context"
	"fmt"
	"strings"
)

// QueryPlanForTest returns the database's plan of q (EXPLAIN QUERY PLAN on
// SQLite, EXPLAIN on PostgreSQL), one step a line, for the benchmarks'
// reports.
func (db *DB) QueryPlanForTest(ctx context.Context, q string, args ...any) (string, error) {
	prefix := "EXPLAIN QUERY PLAN "
	if db.dialect == Postgres {
		prefix = "EXPLAIN "
	}
	rows, err := db.reader().query(ctx, prefix+q, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
		}
		fmt.Fprintln(&b, vals[len(vals)-1])
	}
	return b.String(), rows.Err()
}
