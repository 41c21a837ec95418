package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// RefreshDeadlines recomputes the cached next deadline and minimum
// fee of festivals whose cached next deadline has passed; it returns how
// many it changed. Only those rows can change when a day passes: any
// deadline that passes makes the earliest upcoming one pass first.
func (db *FestivalService) RefreshDeadlines(ctx context.Context) (int64, error) {
	return db.refreshDeadlines(ctx)
}

// refreshDeadlines is RefreshDeadlines for any service.
func (db service) refreshDeadlines(ctx context.Context) (int64, error) {
	today := db.today()
	// Naming every status lets the (status, next_deadline) index serve.
	res, err := db.writer().exec(ctx, `UPDATE festivals SET `+deadlineCacheSet+`
		WHERE status IN ('pending', 'approved', 'rejected') AND next_deadline < ?`, today, today, today)
	if err != nil {
		return 0, fmt.Errorf("store: refresh festival deadlines: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: refresh festival deadlines: %w", err)
	}
	return n, nil
}

// refreshState remembers the last UTC day a DB's cached deadlines were
// refreshed (DB.refresh). The zero value has refreshed on no day.
type refreshState struct {
	mu   sync.Mutex
	day  string
	done atomic.Pointer[string] // day, readable without the lock
}

// refreshDaily runs RefreshDeadlines at most once per UTC day per
// DB, so that listings are right on the first request of a new day even
// when no scheduled refresh has run yet.
func (db service) refreshDaily(ctx context.Context) error {
	today := db.today()
	st := &db.refresh
	if d := st.done.Load(); d != nil && *d == today {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.day == today {
		return nil
	}
	if _, err := db.refreshDeadlines(ctx); err != nil {
		return err
	}
	st.day = today
	st.done.Store(&today)
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
func (db service) recomputeDeadlineCache(ctx context.Context, c conn, id int64) error {
	today := db.today()
	if _, err := c.exec(ctx, `UPDATE festivals SET `+deadlineCacheSet+` WHERE id = ?`, today, today, id); err != nil {
		return fmt.Errorf("store: festival %d deadlines cache: %w", id, err)
	}
	return nil
}
