package server

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"sync/atomic"
)

// readQueue admits signed-in reads (GET and HEAD behind requireUser or
// requireAdmin: the organisers', judges', admins' and filmmakers' pages)
// a few at a time, in the order they arrived. Without it, 32 organisers
// loading their lists at once all start their queries together and
// database/sql hands a freed connection to a waiter picked at random, so
// some requests wait several turns: at the same throughput the 95th
// percentile was 73 ms with the queue missing and 59 ms with it (the hot
// festival's submissions on the default seed, 32 clients; scripts/speed.sh).
//
// A request holds its place from admission until it writes its first byte
// (or returns): by then its queries are done, so a slow reader of a long
// answer (a CSV export, a calendar) does not keep others waiting. Writes,
// sign-in and public pages never queue. A request whose client goes away
// while it waits leaves the queue.
type readQueue struct {
	slots chan struct{} // a buffered channel: blocked senders are served first in, first out
	waits atomic.Int64  // reads waiting for a place
}

// newReadQueue returns a queue admitting n requests at once (n <= 0: two
// per CPU, the size of the SQLite reader pool).
func newReadQueue(n int) *readQueue {
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	return &readQueue{slots: make(chan struct{}, n)}
}

// errReadQueueLeft is returned when the request's context ended while it waited.
var errReadQueueLeft = errors.New("server: request left the read queue")

// admit waits for a place for r, then runs h with a ResponseWriter that
// gives the place back at the first byte or header written; the place is
// given back when h returns at the latest.
func (q *readQueue) admit(w http.ResponseWriter, r *http.Request, h http.HandlerFunc) error {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h(w, r)
		return nil
	}
	if err := q.acquire(r.Context()); err != nil {
		return err
	}
	qw := &queuedWriter{ResponseWriter: w, release: q.release}
	defer qw.done()
	h(qw, r)
	return nil
}

func (q *readQueue) acquire(ctx context.Context) error {
	select {
	case q.slots <- struct{}{}:
		return nil
	default:
	}
	q.waits.Add(1)
	defer q.waits.Add(-1)
	select {
	case q.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return errReadQueueLeft
	}
}

func (q *readQueue) release() { <-q.slots }

// waiting returns how many reads wait for a place.
func (q *readQueue) waiting() int { return int(q.waits.Load()) }

// queuedWriter gives its request's place in the read queue back once,
// when the handler first writes.
type queuedWriter struct {
	http.ResponseWriter
	release  func()
	released bool
}

func (w *queuedWriter) done() {
	if !w.released {
		w.released = true
		w.release()
	}
}

func (w *queuedWriter) WriteHeader(code int) {
	w.done()
	w.ResponseWriter.WriteHeader(code)
}

func (w *queuedWriter) Write(b []byte) (int, error) {
	w.done()
	return w.ResponseWriter.Write(b)
}

// Flush and Unwrap keep streaming answers and http.ResponseController working.
func (w *queuedWriter) Flush() {
	w.done()
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *queuedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
