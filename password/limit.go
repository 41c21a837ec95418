package password

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// ErrBusy reports that a hash or a check did not start: the queue for a
// hashing slot was full (or its wait, at the recent pace, would have
// passed Limits.MaxWait), or it waited MaxWait without one. The
// error a Hasher returns is a *BusyError, which is ErrBusy (errors.Is)
// and says when to try again. The services answer it as
// marquee.ERateLimited ("The server is busy..."), a 429 with Retry-After.
var ErrBusy = errors.New("password: too many password hashes at once")

// BusyError is ErrBusy with the time the queue is expected to take to
// drain: what the server sends as Retry-After.
type BusyError struct {
	// RetryAfter is the time for the hashes queued now to run, at the
	// recent pace: at least a second, at most Limits.MaxWait.
	RetryAfter time.Duration
	// QueueFull tells the two refusals apart: refused at once (the queue
	// was full, or its wait would have passed MaxWait), or after waiting
	// MaxWait in it.
	QueueFull bool
}

// Error says which refusal it was.
func (e *BusyError) Error() string {
	if e.QueueFull {
		return ErrBusy.Error() + " (queue full)"
	}
	return ErrBusy.Error() + " (waited too long)"
}

// Is makes a BusyError ErrBusy.
func (e *BusyError) Is(target error) bool { return target == ErrBusy }

// Defaults of Limits.
const (
	// DefaultQueuePerSlot is how many requests may wait for a hashing
	// slot, per slot, when Limits.Queue is zero: 200 on two cores, about
	// 3 s of work at the default cost on a quiet two-core machine (argon2id
	// takes about 27 ms a hash there), 8 s on a busy one.
	DefaultQueuePerSlot = 100
	// DefaultMaxWait is how long a request waits in the queue before it is
	// refused (ErrBusy): several seconds, so that a burst of sign-ups or
	// logins is served late rather than refused, and well within the
	// server's write timeout (60 s).
	DefaultMaxWait = 10 * time.Second
)

// Limits bound the argon2id computations of a Hasher: how many run at
// once, how many requests may wait for one and for how long. Zero fields
// take the defaults.
type Limits struct {
	// Slots is how many hashes and checks run at once, each holding
	// Params.MemoryKiB (19 MiB by default) while it runs: the memory of
	// the hashes is at most Slots × MemoryKiB. Zero means one per core
	// (runtime.GOMAXPROCS at start-up): argon2id is CPU-bound, more at
	// once would not finish sooner.
	Slots int
	// Queue is how many requests may wait for a slot at once; one that
	// finds the queue full is refused at once, as is one that would wait
	// longer than MaxWait at the recent pace of the hashes. A waiting request holds no
	// hashing memory (a goroutine and its request). Zero means
	// DefaultQueuePerSlot × Slots.
	Queue int
	// MaxWait is how long a request waits for a slot before it is refused;
	// zero means DefaultMaxWait.
	MaxWait time.Duration
}

// withDefaults returns l with its zero fields set.
func (l Limits) withDefaults() Limits {
	if l.Slots <= 0 {
		l.Slots = runtime.GOMAXPROCS(0)
	}
	if l.Queue <= 0 {
		l.Queue = DefaultQueuePerSlot * l.Slots
	}
	if l.MaxWait <= 0 {
		l.MaxWait = DefaultMaxWait
	}
	return l
}

// Stats are a Hasher's counts, for tests and operators.
type Stats struct {
	// Running and Waiting are the hashes running and the requests waiting
	// for a slot now; PeakRunning and PeakWaiting the most at once since
	// the Hasher was made.
	Running, Waiting         int
	PeakRunning, PeakWaiting int
	// Done counts the hashes and checks that ran; QueueFull the requests
	// refused at once (the queue full, or its expected wait past
	// MaxWait), TimedOut those refused after waiting MaxWait; Cancelled
	// those whose context ended while they waited.
	Done, QueueFull, TimedOut, Cancelled int64
	// Mean is the recent time of one hash (a moving average).
	Mean time.Duration
}

// Hasher hashes and checks the passwords of requests with one cost
// (Params), bounded by Limits: at most Slots computations at once, up to
// Queue requests waiting their turn in arrival order, each for at most
// MaxWait. A process makes one and hands it to every service that hashes,
// so that the bound holds for the process.
type Hasher struct {
	params Params
	limits Limits
	sem    chan struct{}

	mu       sync.Mutex
	stats    Stats
	meanNano float64
}

// NewHasher returns a Hasher of passwords at cost p, bounded by l.
func NewHasher(p Params, l Limits) *Hasher {
	l = l.withDefaults()
	return &Hasher{params: p, limits: l, sem: make(chan struct{}, l.Slots)}
}

// Params returns the cost of the hashes h makes.
func (h *Hasher) Params() Params { return h.params }

// Limits returns h's bounds, defaults filled in.
func (h *Hasher) Limits() Limits { return h.limits }

// Stats returns h's counts now.
func (h *Hasher) Stats() Stats {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.stats
	s.Mean = time.Duration(h.meanNano)
	return s
}

// Hash returns the PHC-encoded argon2id hash of pw with a fresh random
// salt, at h's cost. It waits for a slot as Limits say: a *BusyError when
// the queue is full or the wait is over, ctx's error when ctx ends first.
func (h *Hasher) Hash(ctx context.Context, pw string) (string, error) {
	if err := h.acquire(ctx); err != nil {
		return "", err
	}
	defer h.release()
	var out string
	var err error
	h.timed(func() { out, err = hash(pw, h.params) })
	return out, err
}

// Verify reports whether pw matches the encoded hash, in constant time,
// waiting for a slot as Hash does. A malformed hash fails before it waits.
func (h *Hasher) Verify(ctx context.Context, pw, encoded string) (bool, error) {
	d, err := decode(encoded)
	if err != nil {
		return false, err
	}
	if err := h.acquire(ctx); err != nil {
		return false, err
	}
	defer h.release()
	var ok bool
	h.timed(func() { ok = d.matches(pw) })
	return ok, nil
}

// acquire takes a slot: at once when one is free, else after waiting in
// the queue. It refuses with a *BusyError at once when the queue is full,
// or when the wait at the queue's end, at the recent pace, would be
// longer than MaxWait (a request that cannot be served in time is told so
// now, not after MaxWait); after MaxWait without a slot; ctx's error when
// ctx ends first. Waiters are served in arrival order: a slot given back
// goes to the longest waiting (a channel's blocked senders are a FIFO),
// never to a request that arrives meanwhile.
func (h *Hasher) acquire(ctx context.Context) error {
	select {
	case h.sem <- struct{}{}:
		return nil
	default:
	}
	h.mu.Lock()
	if h.stats.Waiting >= h.limits.Queue || h.waitLocked(h.stats.Waiting+1) > h.limits.MaxWait {
		h.stats.QueueFull++
		err := &BusyError{RetryAfter: h.drainLocked(), QueueFull: true}
		h.mu.Unlock()
		return err
	}
	h.stats.Waiting++
	h.stats.PeakWaiting = max(h.stats.PeakWaiting, h.stats.Waiting)
	h.mu.Unlock()

	timer := time.NewTimer(h.limits.MaxWait)
	defer timer.Stop()
	var err error
	select {
	case h.sem <- struct{}{}:
	case <-timer.C:
		err = &BusyError{}
	case <-ctx.Done():
		err = ctx.Err()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.stats.Waiting--
	var busy *BusyError
	switch {
	case errors.As(err, &busy):
		h.stats.TimedOut++
		busy.RetryAfter = h.drainLocked()
	case err != nil:
		h.stats.Cancelled++
	}
	return err
}

func (h *Hasher) release() { <-h.sem }

// timed runs one hash in its slot, counting it as running (independently
// of the semaphore, so that a test can see the bound hold) and folding
// its time into the mean.
func (h *Hasher) timed(run func()) {
	h.mu.Lock()
	h.stats.Running++
	h.stats.PeakRunning = max(h.stats.PeakRunning, h.stats.Running)
	h.mu.Unlock()
	start := time.Now()
	run()
	took := float64(time.Since(start))
	h.mu.Lock()
	h.stats.Running--
	h.stats.Done++
	if h.meanNano == 0 {
		h.meanNano = took
	} else {
		h.meanNano += (took - h.meanNano) / 8
	}
	h.mu.Unlock()
}

// waitLocked estimates the wait of the request at position (1: the next
// to get a slot): the requests up to it shared by the slots, at the mean
// time of a hash (0 before the first). h.mu is held.
func (h *Hasher) waitLocked(position int) time.Duration {
	return time.Duration(float64(position) / float64(h.limits.Slots) * h.meanNano)
}

// drainLocked estimates how long the queue now takes to run (the waiting
// requests and one more), at least a second, at most MaxWait: a refused
// request's Retry-After. h.mu is held.
func (h *Hasher) drainLocked() time.Duration {
	return min(max(h.waitLocked(h.stats.Waiting+1), time.Second), max(h.limits.MaxWait, time.Second))
}

// checks counts the passwords checked against a hash (Checks).
var checks atomic.Int64

// Checks reports how many passwords have been checked against a hash
// since the process started (for tests and operators: a rate limit that
// guards a password bounds it).
func Checks() int64 { return checks.Load() }
