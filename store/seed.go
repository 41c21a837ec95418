package store

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"
)

// SeedProgress is told how a seed's step goes: done of total rows of the
// step are in; a total of 0 announces a step without counts (building
// indexes, summing rollups) that starts now. It is called from the
// goroutine that writes, at most once per batch of rows.
type SeedProgress func(step string, done, total int)

// report calls p when it is set.
func (p SeedProgress) report(step string, done, total int) {
	if p != nil {
		p(step, done, total)
	}
}

// SeedUsersOptions shape SeedUsers.
type SeedUsersOptions struct {
	// PasswordHash is every seeded account's password hash.
	PasswordHash string
	// Span spreads the sign-ups evenly over this long before now.
	Span time.Duration
	// Progress, when set, hears of every batch of rows written (step "users").
	Progress SeedProgress
}

// seedUsersBatch is how many users one multi-row INSERT (or one COPY)
// writes; 8 parameters a row stay under maxParams.
const seedUsersBatch = 2500

// SeedUsers inserts n synthetic filmmakers (seed-0000001@example.test,
// "Filmmaker 1", ...) whose sign-up times spread evenly over opts.Span
// before the current time. All share opts.PasswordHash: hashing each with
// argon2id would take hours at scale. Seeded users get no credits, so the
// ledger needs no rows for them (a balance must always equal the sum of
// the user's credit_ledger rows). Their addresses are taken as confirmed
// (they are the operator's, not strangers').
//
// It is one bulk load (bulkLoadTx): the users table's secondary indexes
// are built again once the rows are in, in the same transaction, and the
// admin dashboard's sign-ups per day are added at the end. On SQLite the
// admin user search's index (users_search, filled by triggers) is merged
// into one segment at the end.
func (db *UserService) SeedUsers(ctx context.Context, n int, opts SeedUsersOptions) error {
	if n <= 0 {
		return nil
	}
	end := db.now()
	span := opts.Span
	var first int64
	if err := db.reader().queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM users`).Scan(&first); err != nil {
		return fmt.Errorf("store: seed users: %w", err)
	}
	cols := []string{"email", "name", "password_hash", "role", "credits", "created_at", "updated_at", "email_verified_at"}
	err := db.bulkLoadTx(ctx, func(b *bulkLoad) error {
		if err := b.deferIndexes(ctx, "users"); err != nil {
			return err
		}
		signups := map[string]int64{}
		args := make([]any, 0, seedUsersBatch*len(cols))
		for done := 0; done < n; done += seedUsersBatch {
			size := min(seedUsersBatch, n-done)
			args = args[:0]
			for i := range size {
				k := first + int64(done+i) + 1
				at := end.Add(-span + time.Duration(float64(span)*float64(done+i)/float64(n)))
				args = append(args, fmt.Sprintf("seed-%07d@example.test", k), fmt.Sprintf("Filmmaker %d", k), opts.PasswordHash,
					"filmmaker", 0, at, at, at)
				signups[dayKey(at)]++
			}
			if err := b.insert(ctx, "users", cols, args); err != nil {
				return fmt.Errorf("batch at %d: %w", done, err)
			}
			opts.Progress.report("users", done+size, n)
		}
		for _, day := range slices.Sorted(maps.Keys(signups)) {
			if err := addDashboardDay(ctx, b.conn(), day, dayDelta{Signups: signups[day]}); err != nil {
				return err
			}
		}
		opts.Progress.report("users: indexes", 0, 0)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: seed users: %w", err)
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
