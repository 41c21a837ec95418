package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// A hash the Hasher refused is the busy answer (429) carrying the queue's
// expected drain time; a cancelled request or another failure is not.
func TestPasswordBusy(t *testing.T) {
	for _, busy := range []*password.BusyError{{RetryAfter: 3 * time.Second, QueueFull: true}, {RetryAfter: time.Second}} {
		err := passwordBusy(fmt.Errorf("wrapped: %w", busy))
		if marquee.ErrorCode(err) != marquee.ERateLimited || marquee.ErrorMessage(err) != "The server is busy. Try again in a moment." ||
			marquee.ErrorRetryAfter(err) != busy.RetryAfter {
			t.Errorf("%v: %v (Retry-After %v)", busy, err, marquee.ErrorRetryAfter(err))
		}
	}
	for _, other := range []error{nil, context.Canceled, password.ErrMalformed} {
		if err := passwordBusy(other); err != nil {
			t.Errorf("%v: %v, want nil", other, err)
		}
	}
}
