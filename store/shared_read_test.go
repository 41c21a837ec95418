package store

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSharedReadNeverAnswersWithAnEarlierRead: while a writer keeps
// committing, every caller gets a value read after it called (never one
// of a read already running when it arrived), and concurrent callers
// share reads.
func TestSharedReadNeverAnswersWithAnEarlierRead(t *testing.T) {
	var s sharedRead
	var committed, reads atomic.Int64
	fn := func(context.Context) (int64, error) {
		reads.Add(1)
		v := committed.Load() // the snapshot the read sees
		time.Sleep(2 * time.Millisecond)
		return v, nil
	}
	stop := make(chan struct{})
	var writer sync.WaitGroup
	writer.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				committed.Add(1)
				time.Sleep(100 * time.Microsecond)
			}
		}
	})
	const callers, calls = 32, 20
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			for range calls {
				before := committed.Load()
				v, err := s.read(context.Background(), fn)
				if err != nil {
					t.Error(err)
					return
				}
				if v < before {
					t.Errorf("answered %d, but %d was committed before the call", v, before)
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	writer.Wait()
	if n := reads.Load(); n > callers*calls/2 {
		t.Fatalf("%d reads for %d calls: concurrent callers did not share", n, callers*calls)
	}
	t.Logf("%d reads for %d calls", reads.Load(), callers*calls)
}

// TestSharedReadAlone: a lone caller reads at once, errors reach every
// caller of the round, and a caller that gives up does not stop the
// read for the others.
func TestSharedReadAlone(t *testing.T) {
	var s sharedRead
	v, err := s.read(context.Background(), func(context.Context) (int64, error) { return 7, nil })
	if v != 7 || err != nil {
		t.Fatalf("%d %v", v, err)
	}
	boom := errors.New("boom")
	if _, err := s.read(context.Background(), func(context.Context) (int64, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	release := make(chan struct{})
	slow := func(ctx context.Context) (int64, error) {
		select {
		case <-release:
			return 9, nil
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	got := make(chan error, 1)
	go func() {
		_, err := s.read(ctx, slow)
		got <- err
	}()
	// A second caller joins the next round while the first read runs.
	second := make(chan int64, 1)
	time.Sleep(10 * time.Millisecond)
	go func() {
		v, _ := s.read(context.Background(), slow)
		second <- v
	}()
	time.Sleep(10 * time.Millisecond)
	cancel()
	if err := <-got; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled caller: %v", err)
	}
	close(release)
	if v := <-second; v != 9 {
		t.Fatalf("second caller: %d", v)
	}
	if v, err := s.read(context.Background(), func(context.Context) (int64, error) { return 11, nil }); v != 11 || err != nil {
		t.Fatalf("after: %d %v", v, err)
	}
}
