package store

import (
	"context"
	"fmt"
	"strings"
)

// markIndexChanged tells every server's in-memory search index that the
// festivals ids changed: it takes the next festival_index_state version
// and writes it to their index_version, through c, which must be the
// transaction making the change (so that the version becomes visible
// with it). On PostgreSQL the state row stays locked until that
// transaction ends, so versions commit in the order they are taken; on
// SQLite the single writer does the same. Call it last in the
// transaction, to hold that lock briefly.
//
// Every change to what a search can show (details, status, version,
// categories and their deadlines) must call it. Festival rows must not be
// deleted (the indexes learn of changes only through rows that still
// exist): a festival leaves the search by leaving the approved status.
func markIndexChanged(ctx context.Context, c conn, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	var version int64
	if err := c.queryRow(ctx, `UPDATE festival_index_state SET version = version + 1 WHERE id = 1 RETURNING version`).Scan(&version); err != nil {
		return fmt.Errorf("store: next search index version: %w", err)
	}
	for start := 0; start < len(ids); start += maxParams - 1 {
		chunk := ids[start:min(len(ids), start+maxParams-1)]
		args := make([]any, 0, len(chunk)+1)
		args = append(args, version)
		for _, id := range chunk {
			args = append(args, id)
		}
		q := `UPDATE festivals SET index_version = ? WHERE id IN (` + strings.TrimSuffix(strings.Repeat("?, ", len(chunk)), ", ") + `)`
		if _, err := c.exec(ctx, q, args...); err != nil {
			return fmt.Errorf("store: mark festivals for the search index: %w", err)
		}
	}
	return nil
}
