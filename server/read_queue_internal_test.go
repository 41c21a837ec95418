package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestReadQueueFirstInFirstOut: with one place, reads run one at a time
// in the order they arrived; a read gives its place back when it writes
// its first byte (not when its answer ends); writes never queue; a read
// whose client leaves while it waits leaves the queue.
func TestReadQueueFirstInFirstOut(t *testing.T) {
	q := newReadQueue(1)
	var mu sync.Mutex
	var order []int
	firstWrote, finishFirst := make(chan struct{}), make(chan struct{})
	go func() {
		w := httptest.NewRecorder()
		_ = q.admit(w, httptest.NewRequest(http.MethodGet, "/", nil), func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("first byte")) // the place goes back here
			close(firstWrote)
			<-finishFirst // a slow reader of a long answer
		})
	}()
	<-firstWrote
	// The place is free although the first answer has not ended: a second read runs at once.
	done := make(chan struct{})
	go func() {
		_ = q.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil), func(http.ResponseWriter, *http.Request) {})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a read waited for an answer that had started writing")
	}
	close(finishFirst)

	// Hold the one place, queue five reads in a known order, then let them run.
	hold, holding := make(chan struct{}), make(chan struct{})
	go func() {
		_ = q.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil), func(http.ResponseWriter, *http.Request) {
			close(holding)
			<-hold
		})
	}()
	<-holding
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = q.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil), func(http.ResponseWriter, *http.Request) {
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
			})
		}()
		waitQueued(t, q, i+1)
	}
	// A write does not queue, even with the place taken and five waiting.
	wrote := false
	_ = q.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/", nil), func(http.ResponseWriter, *http.Request) { wrote = true })
	if !wrote {
		t.Fatal("a POST waited in the read queue")
	}
	// A read whose client goes away leaves the queue with an error and never runs.
	ctx, cancel := context.WithCancel(context.Background())
	left := make(chan error)
	go func() {
		left <- q.admit(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx), func(http.ResponseWriter, *http.Request) {
			t.Error("a read whose client left ran")
		})
	}()
	waitQueued(t, q, 6)
	cancel()
	if err := <-left; err != errReadQueueLeft {
		t.Fatalf("left the queue with %v", err)
	}
	close(hold)
	wg.Wait()
	for i, got := range order {
		if got != i {
			t.Fatalf("reads ran in the order %v, want 0 1 2 3 4", order)
		}
	}
}

// waitQueued waits until n reads wait for a place in q.
func waitQueued(t *testing.T, q *readQueue, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for q.waiting() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d reads waiting, want %d", q.waiting(), n)
		}
		time.Sleep(time.Millisecond)
	}
}
