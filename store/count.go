package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// countCapped counts the rows of `SELECT 1 <fromWhere>` up to
// marquee.CountCap+1, for marquee.NewCappedPage: a list's request never
// counts more rows than that, however large the table grows.
func countCapped(ctx context.Context, c conn, what, fromWhere string, args ...any) (int64, error) {
	var n int64
	// The cap is written in, not bound: SQLite re-plans a statement with a
	// bound LIMIT each time it runs (see limitOffset).
	err := c.queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 `+fromWhere+` LIMIT `+strconv.Itoa(marquee.CountCap+1)+`) m`, args...).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("store: count %s: %w", what, err)
	}
	return n, nil
}
