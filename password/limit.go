package password

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// ErrBusy reports that a hash or a check could not start within MaxWait
// because as many as the process allows were already running. The services
// answer it as marquee.ERateLimited ("The server is busy..."), a 429.
var ErrBusy = errors.New("password: too many password hashes at once")

// MaxWait bounds how long a hash or a check waits for a free slot before
// failing with ErrBusy.
const MaxWait = 2 * time.Second

// slots bounds the argon2id computations running at once across the
// process. Each holds Params.MemoryKiB (19 MiB by default) while it runs,
// so without a bound a burst of logins or password changes allocates
// 19 MiB per request (100 at once: about 1.9 GB). One slot per core
// (runtime.GOMAXPROCS at start-up) keeps the CPU busy and the memory at
// cores × 19 MiB; the others wait their turn, at most MaxWait.
var slots = newLimiter(runtime.GOMAXPROCS(0))

// limiter is a counting semaphore that remembers the most slots ever held
// at once (for tests and operators).
type limiter struct {
	sem     chan struct{}
	mu      sync.Mutex
	running int
	peak    int
}

func newLimiter(n int) *limiter {
	return &limiter{sem: make(chan struct{}, max(n, 1))}
}

// acquire takes a slot, waiting at most MaxWait or until ctx ends.
func (l *limiter) acquire(ctx context.Context) error {
	select {
	case l.sem <- struct{}{}:
	default:
		timer := time.NewTimer(MaxWait)
		defer timer.Stop()
		select {
		case l.sem <- struct{}{}:
		case <-timer.C:
			return ErrBusy
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	l.mu.Lock()
	l.running++
	l.peak = max(l.peak, l.running)
	l.mu.Unlock()
	return nil
}

func (l *limiter) release() {
	l.mu.Lock()
	l.running--
	l.mu.Unlock()
	<-l.sem
}

// Concurrency reports how many hashes may run at once (the number of
// cores when the process started).
func Concurrency() int { return cap(slots.sem) }

// checks counts the passwords checked against a hash (Checks).
var checks atomic.Int64

// Checks reports how many passwords have been checked against a hash
// since the process started (for tests and operators: a rate limit that
// guards a password bounds it).
func Checks() int64 { return checks.Load() }

// PeakConcurrency reports the most hashes and checks that have run at
// once since the process started.
func PeakConcurrency() int {
	slots.mu.Lock()
	defer slots.mu.Unlock()
	return slots.peak
}
