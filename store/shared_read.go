package store

import (
	"context"
	"sync"
	"time"
)

// sharedReadTimeout bounds one shared read: it runs on behalf of every
// caller in its round, so no single caller's context may cancel it.
const sharedReadTimeout = 5 * time.Second

// gatherAfter and gatherWindow: a round that starts within gatherAfter of
// the last one's end waits gatherWindow for more callers first. Under
// steady load a read is shorter than the time between arrivals on two
// cores, so without the wait most rounds would serve one caller.
const (
	gatherAfter  = time.Millisecond
	gatherWindow = 100 * time.Microsecond
)

// sharedRead lets concurrent callers share one run of a read of a single
// value (the search index's version) without ever answering a caller with
// a read that began before the caller asked: callers that arrive while a
// read runs gather into the next round, which starts when that read ends.
// Under load one read serves every search that arrived during the one
// before it (or, when reads end between arrivals, during a short gather
// window); alone, a caller runs its own read at once.
//
// So a caller sees every change committed before it called, as if it had
// read alone, which is what the search index promises across nodes.
type sharedRead struct {
	mu sync.Mutex
	// waiting is the round that has not started yet (nil: none).
	waiting *sharedRound
	// busy is set from a round's start until no caller waits.
	busy bool
	// lastEnd is when the rounds last ran out of callers.
	lastEnd time.Time
}

// sharedRound is one run of the read and the callers it answers. fn is
// the read its first caller gave: a round that starts after the runs
// before it (runAll) runs its own callers' read, never the read of the
// caller that started runAll.
type sharedRound struct {
	fn    func(context.Context) (int64, error)
	done  chan struct{}
	value int64
	err   error
}

// read returns the value of a run of fn that started after read was
// called, sharing that run with the callers waiting at the same time.
func (s *sharedRead) read(ctx context.Context, fn func(context.Context) (int64, error)) (int64, error) {
	s.mu.Lock()
	if s.waiting == nil {
		s.waiting = &sharedRound{fn: fn, done: make(chan struct{})}
	}
	r := s.waiting
	if !s.busy {
		// The read runs apart from its callers, so that each may give up
		// (its context ending) without failing the others.
		s.busy = true
		go s.runAll(s.lastEnd)
	}
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.value, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// run runs round r's read and answers its callers.
func (s *sharedRead) run(r *sharedRound) {
	ctx, cancel := context.WithTimeout(context.Background(), sharedReadTimeout)
	defer cancel()
	r.value, r.err = r.fn(ctx)
	close(r.done)
}

// take returns the round waiting to start, marking it started, or nil
// (and not busy, the time noted) when no caller waits.
func (s *sharedRead) take() *sharedRound {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.waiting
	s.waiting = nil
	if r == nil {
		s.busy = false
		s.lastEnd = time.Now()
	}
	return r
}

// runAll runs the waiting round and then each round that gathers while
// the one before it runs, until no caller waits. When the last read
// ended less than gatherAfter ago, searches are arriving steadily: the
// first round then gathers for gatherWindow before it starts, so that
// one read serves the callers of that moment rather than one or two.
func (s *sharedRead) runAll(lastEnd time.Time) {
	if !lastEnd.IsZero() && time.Since(lastEnd) < gatherAfter {
		time.Sleep(gatherWindow)
	}
	for r := s.take(); r != nil; r = s.take() {
		s.run(r)
	}
}
