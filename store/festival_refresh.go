package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/marquee-festival/marquee"
)

// RefreshFestivalDeadlines recomputes the cached next deadline and minimum
// fee of festivals whose cached next deadline has passed; it returns how
// many it changed. Only those rows can change when a day passes: any
// deadline that passes makes the earliest upcoming one pass first.
func (db *DB) RefreshFestivalDeadlines(ctx context.Context) (int64, error) {
	today := marquee.Today(db.now())
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
// refreshed.
type refreshState struct {
	mu   sync.Mutex
	day  string
	done atomic.Pointer[string] // day, readable without the lock
}

// refreshed maps each *DB to its *refreshState.
var refreshed sync.Map

// refreshDaily runs RefreshFestivalDeadlines at most once per UTC day per
// DB, so that listings are right on the first request of a new day even
// when no scheduled refresh has run yet.
func (db *DB) refreshDaily(ctx context.Context) error {
	today := marquee.Today(db.now())
	v, _ := refreshed.LoadOrStore(db, &refreshState{})
	st := v.(*refreshState)
	if d := st.done.Load(); d != nil && *d == today {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.day == today {
		return nil
	}
	if _, err := db.RefreshFestivalDeadlines(ctx); err != nil {
		return err
	}
	st.day = today
	st.done.Store(&today)
	return nil
}
