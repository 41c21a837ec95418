package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// SeedUsers inserts n synthetic filmmakers (seed-000001@example.test, ...)
// whose sign-up times spread evenly over the span before the current time.
// All share passwordHash: hashing each with argon2id would take hours at
// scale. Rows go in batches, each batch one transaction. Seeded users get
// no credits, so the ledger needs no rows for them (a balance must always
// equal the sum of the user's credit_ledger rows). Their addresses are
// taken as confirmed (they are the operator's, not strangers'). On SQLite
// the admin user search's index (users_search, filled by triggers) is
// merged into one segment at the end.
func (db *UserService) SeedUsers(ctx context.Context, n int, passwordHash string, span time.Duration) error {
	const batch = 500
	end := db.now()
	var first int64
	if err := db.reader().queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM users`).Scan(&first); err != nil {
		return fmt.Errorf("store: seed users: %w", err)
	}
	for done := 0; done < n; done += batch {
		size := min(batch, n-done)
		var sb strings.Builder
		sb.WriteString(`INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at, email_verified_at) VALUES `)
		args := make([]any, 0, size*6)
		signups := map[string]int64{}
		for i := range size {
			k := first + int64(done+i) + 1
			at := end.Add(-span + time.Duration(float64(span)*float64(done+i)/float64(n)))
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(`(?, ?, ?, 'filmmaker', 0, ?, ?, ?)`)
			args = append(args, fmt.Sprintf("seed-%07d@example.test", k), fmt.Sprintf("Filmmaker %d", k), passwordHash, at, at, at)
			signups[dayKey(at)]++
		}
		err := db.inTx(ctx, func(c conn) error {
			if _, err := c.exec(ctx, sb.String(), args...); err != nil {
				return err
			}
			for day, n := range signups {
				if err := addDashboardDay(ctx, c, day, dayDelta{Signups: n}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: seed users batch at %d: %w", done, err)
		}
	}
	if db.dialect == SQLite && n > 0 {
		// The triggers indexed every batch for the admin user search as a
		// segment of its own, and FTS5's automatic merging leaves a dozen
		// or more (16 after 500,000 users), each of which every trigram
		// lookup reads: one segment halves the search's time.
		if _, err := db.writer().exec(ctx, `INSERT INTO users_search (users_search) VALUES ('optimize')`); err != nil {
			return fmt.Errorf("store: seed users: merge the search index: %w", err)
		}
	}
	return nil
}
