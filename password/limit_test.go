package password

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A burst of 32 hashes at the production cost (19 MiB each), the issue's
// 32 sign-ups at once, through two slots and the default queue and wait:
// every one is hashed (none refused, none timed out), no more than two run
// at once, and the heap in use stays under 2 × slots × 19 MiB + 64 MiB: the
// running hashes' memory, doubled because the collector (GOGC=100) lets the
// heap grow to twice what was live before it frees the finished hashes'
// buffers, and 64 MiB of slack. Without a bound the 100 hashes of an
// earlier version of this test held 1,863 MiB at once.
func TestBurstQueuesWithinBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 32 passwords at 19 MiB")
	}
	const requests = 32
	const mib = 1 << 20
	h := NewHasher(Default, Limits{Slots: 2})
	ceiling := 2*uint64(h.Limits().Slots)*uint64(Default.MemoryKiB)*1024 + 64*mib

	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)

	var peakHeap atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peakHeap.Load() {
				peakHeap.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	}()

	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, requests)
	gate := make(chan struct{})
	for range requests {
		wg.Go(func() {
			<-gate
			if _, err := h.Hash(context.Background(), "correct horse battery"); err != nil {
				errs <- err
			}
		})
	}
	close(gate)
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	<-sampled
	close(errs)
	for err := range errs {
		t.Errorf("hash: %v", err)
	}

	s := h.Stats()
	peak := peakHeap.Load()
	t.Logf("slots %d, queue %d, peak running %d, peak waiting %d, heap in use %.1f MiB before, peak %.1f MiB (ceiling %.0f MiB), %d hashed in %v (mean %v)",
		h.Limits().Slots, h.Limits().Queue, s.PeakRunning, s.PeakWaiting, float64(base.HeapInuse)/mib, float64(peak)/mib, float64(ceiling)/mib,
		s.Done, elapsed.Round(time.Millisecond), s.Mean.Round(time.Millisecond))
	if s.Done != requests || s.QueueFull != 0 || s.TimedOut != 0 || s.Cancelled != 0 {
		t.Errorf("stats %+v: want %d hashed, none refused", s, requests)
	}
	if s.PeakRunning > 2 {
		t.Errorf("%d hashes ran at once, more than the 2 slots", s.PeakRunning)
	}
	if s.PeakWaiting > h.Limits().Queue {
		t.Errorf("%d waited at once, more than the queue's %d", s.PeakWaiting, h.Limits().Queue)
	}
	if s.Running != 0 || s.Waiting != 0 {
		t.Errorf("after the burst: %d running, %d waiting", s.Running, s.Waiting)
	}
	if peak > ceiling {
		t.Errorf("heap in use peaked at %.1f MiB, over the ceiling of %.0f MiB", float64(peak)/mib, float64(ceiling)/mib)
	}
}

// holdSlots takes every slot of h as a running hash would, until the
// returned release.
func holdSlots(h *Hasher) (release func()) {
	for range h.limits.Slots {
		h.sem <- struct{}{}
	}
	return func() {
		for range h.limits.Slots {
			<-h.sem
		}
	}
}

// waitUntil polls cond until it holds, failing the test after a long while
// (it waits for goroutines to reach the queue; nothing is timed).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// A request that finds the queue full is refused at once with a BusyError
// (ErrBusy) saying when to retry; the ones in the queue are served when a
// slot is free.
func TestQueueFull(t *testing.T) {
	h := NewHasher(fast, Limits{Slots: 1, Queue: 2, MaxWait: time.Minute})
	release := holdSlots(h)
	done := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := h.Hash(t.Context(), "queued")
			done <- err
		}()
	}
	waitUntil(t, "two requests wait", func() bool { return h.Stats().Waiting == 2 })

	_, err := h.Hash(t.Context(), "one too many")
	var busy *BusyError
	if !errors.Is(err, ErrBusy) || !errors.As(err, &busy) || !busy.QueueFull {
		t.Fatalf("with the queue full: %v, want a BusyError, queue full", err)
	}
	if busy.RetryAfter < time.Second || busy.RetryAfter > time.Minute {
		t.Fatalf("Retry-After %v, want from 1 s to MaxWait", busy.RetryAfter)
	}
	// A check waits in the same queue.
	hashed, err := Hash("correct horse", fast)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Verify(t.Context(), "correct horse", hashed); !errors.Is(err, ErrBusy) {
		t.Fatalf("Verify with the queue full: %v, want ErrBusy", err)
	}
	// A malformed hash fails before it queues.
	if _, err := h.Verify(t.Context(), "x", "plain"); !errors.Is(err, ErrMalformed) {
		t.Fatalf("Verify of a malformed hash: %v", err)
	}

	release()
	for range 2 {
		if err := <-done; err != nil {
			t.Fatalf("a queued request: %v", err)
		}
	}
	if ok, err := h.Verify(t.Context(), "correct horse", hashed); err != nil || !ok {
		t.Fatalf("Verify after the burst: %v, %v", ok, err)
	}
	s := h.Stats()
	if s.QueueFull != 2 || s.TimedOut != 0 || s.Done != 3 || s.PeakWaiting != 2 || s.Waiting != 0 {
		t.Fatalf("stats %+v", s)
	}
}

// A request whose wait, at the recent pace, would pass MaxWait is refused
// at once, though the queue has room: it would only be refused later.
func TestExpectedWaitTooLong(t *testing.T) {
	h := NewHasher(fast, Limits{Slots: 1, Queue: 100, MaxWait: 10 * time.Second})
	h.meanNano = float64(4 * time.Second) // as if each hash took 4 s
	release := holdSlots(h)
	done := make(chan error, 2)
	for range 2 { // expected to wait 4 s and 8 s
		go func() {
			_, err := h.Hash(t.Context(), "queued")
			done <- err
		}()
	}
	waitUntil(t, "two requests wait", func() bool { return h.Stats().Waiting == 2 })
	_, err := h.Hash(t.Context(), "third") // 12 s
	var busy *BusyError
	if !errors.As(err, &busy) || !busy.QueueFull || busy.RetryAfter != 10*time.Second {
		t.Fatalf("a wait of 12 s expected: %v (%+v), want refused at once, Retry-After 10 s", err, busy)
	}
	release()
	for range 2 {
		if err := <-done; err != nil {
			t.Fatalf("a queued request: %v", err)
		}
	}
}

// A request that waits MaxWait without a slot is refused with a BusyError
// and leaves the queue.
func TestWaitOver(t *testing.T) {
	h := NewHasher(fast, Limits{Slots: 1, Queue: 4, MaxWait: 20 * time.Millisecond})
	defer holdSlots(h)()
	_, err := h.Hash(t.Context(), "x")
	var busy *BusyError
	if !errors.As(err, &busy) || busy.QueueFull || busy.RetryAfter < time.Second {
		t.Fatalf("after MaxWait: %v (%+v), want a BusyError, not queue full, Retry-After ≥ 1 s", err, busy)
	}
	if s := h.Stats(); s.TimedOut != 1 || s.Waiting != 0 {
		t.Fatalf("stats %+v", s)
	}
}

// A request whose context ends while it waits gets the context's error and
// leaves the queue: its place is free for the next.
func TestCancelLeavesQueue(t *testing.T) {
	h := NewHasher(fast, Limits{Slots: 1, Queue: 1, MaxWait: time.Minute})
	release := holdSlots(h)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := h.Hash(ctx, "x")
		done <- err
	}()
	waitUntil(t, "the request waits", func() bool { return h.Stats().Waiting == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled while waiting: %v", err)
	}
	if s := h.Stats(); s.Waiting != 0 || s.Cancelled != 1 {
		t.Fatalf("after the cancel: %+v", s)
	}
	// The one place in the queue is free again.
	go func() {
		_, err := h.Hash(t.Context(), "y")
		done <- err
	}()
	waitUntil(t, "the next request waits", func() bool { return h.Stats().Waiting == 1 })
	release()
	if err := <-done; err != nil {
		t.Fatalf("the next request: %v", err)
	}
}

// Zero limits take the defaults: a slot per core, 100 waiting per slot,
// 10 s.
func TestLimitsDefaults(t *testing.T) {
	l := NewHasher(fast, Limits{}).Limits()
	if cores := runtime.GOMAXPROCS(0); l.Slots != cores || l.Queue != DefaultQueuePerSlot*cores || l.MaxWait != DefaultMaxWait {
		t.Fatalf("defaults %+v", l)
	}
	if l := NewHasher(fast, Limits{Slots: 3}).Limits(); l.Queue != 300 {
		t.Fatalf("queue of 3 slots: %d", l.Queue)
	}
}

// BenchmarkHashDefault is the cost of one sign-up's hash with production
// settings, one at a time.
func BenchmarkHashDefault(b *testing.B) {
	for b.Loop() {
		if _, err := Hash("correct horse", Default); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHasherDefault is sign-ups' hashes with production settings
// through a Hasher with its default limits (a slot per core), as many
// callers as GOMAXPROCS × 8: it reports the hashes per second the machine
// sustains, what a burst of sign-ups runs at.
func BenchmarkHasherDefault(b *testing.B) {
	h := NewHasher(Default, Limits{MaxWait: time.Hour})
	b.SetParallelism(8)
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := h.Hash(context.Background(), "correct horse"); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "hashes/s")
}
