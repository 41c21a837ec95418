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

// A burst of 100 concurrent hashes with the production cost (19 MiB each)
// runs at most Concurrency() (the cores) at once, the rest waiting their turn
// or giving up with ErrBusy after MaxWait, and keeps the heap in use under
// 2 × cores × 19 MiB + 64 MiB: the live hashes' memory, doubled because the
// collector (GOGC=100) lets the heap grow to twice what was live before it
// frees the finished hashes' buffers, and 64 MiB of slack. Without the bound
// the burst held 1,863 MiB (100 hashes at once).
func TestConcurrentHashesBoundedMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 100 passwords at 19 MiB")
	}
	const requests = 100
	const mib = 1 << 20
	ceiling := 2*uint64(Concurrency())*uint64(Default.MemoryKiB)*1024 + 64*mib

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
	var ok, busy atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, requests)
	for range requests {
		wg.Go(func() {
			_, err := HashContext(context.Background(), "correct horse battery", Default)
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, ErrBusy):
				busy.Add(1)
			default:
				errs <- err
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stop)
	<-sampled
	close(errs)
	for err := range errs {
		t.Fatalf("hash: %v", err)
	}

	peak := peakHeap.Load()
	t.Logf("cores %d, peak concurrency %d, heap in use %.1f MiB before, peak %.1f MiB (ceiling %.0f MiB), %d hashed, %d busy, %v",
		Concurrency(), PeakConcurrency(), float64(base.HeapInuse)/mib, float64(peak)/mib, float64(ceiling)/mib, ok.Load(), busy.Load(), elapsed.Round(time.Millisecond))
	if peak > ceiling {
		t.Errorf("heap in use peaked at %.1f MiB, over the ceiling of %.0f MiB", float64(peak)/mib, float64(ceiling)/mib)
	}
	if PeakConcurrency() > Concurrency() {
		t.Errorf("%d hashes ran at once, more than the %d slots", PeakConcurrency(), Concurrency())
	}
	if ok.Load() < int64(Concurrency()) {
		t.Errorf("only %d of %d hashes finished", ok.Load(), requests)
	}
}

// A caller that cannot get a slot within MaxWait gets ErrBusy; one whose
// context ends first gets the context's error; Verify waits like Hash.
func TestHashBusy(t *testing.T) {
	h, err := Hash("correct horse", fast)
	if err != nil {
		t.Fatal(err)
	}
	for range Concurrency() {
		slots.sem <- struct{}{}
	}
	defer func() {
		for range Concurrency() {
			<-slots.sem
		}
	}()
	start := time.Now()
	if _, err := HashContext(t.Context(), "x", fast); !errors.Is(err, ErrBusy) {
		t.Fatalf("HashContext with every slot taken: %v, want ErrBusy", err)
	}
	if waited := time.Since(start); waited < MaxWait || waited > MaxWait+time.Second {
		t.Fatalf("waited %v, want about %v", waited, MaxWait)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancel()
	if _, err := VerifyContext(ctx, "correct horse", h); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("VerifyContext with every slot taken: %v, want the context's deadline", err)
	}
}
