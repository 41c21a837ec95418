package worker_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// failingMail is a mail service whose claims fail (a database down).
type failingMail struct{ marquee.MailService }

func (failingMail) Claim(context.Context, int, time.Duration) ([]*marquee.Mail, error) {
	return nil, errors.New("database down")
}

// TestTickObservesEveryJob: Observe is told of each job of a tick, in
// order, with its error (the metrics' worker lag and failures), and each
// runs in a span of its own (tracing).
func TestTickObservesEveryJob(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	type run struct {
		job string
		err bool
	}
	var runs []run
	var spans, ended []string
	w := &worker.Worker{Reminders: db.Reminders, Mail: failingMail{db.Mail}, Festivals: db.Festivals, Sender: &flakySender{},
		Observe: func(job string, took time.Duration, err error) {
			if took < 0 {
				t.Errorf("%s took %v", job, took)
			}
			runs = append(runs, run{job, err != nil})
		},
		Span: func(ctx context.Context, job string) (context.Context, func(error)) {
			spans = append(spans, job)
			return ctx, func(error) { ended = append(ended, job) }
		}}
	if err := w.Tick(context.Background()); err == nil {
		t.Fatal("the failing mail job's error is not returned")
	}
	var jobs []string
	for _, r := range runs {
		jobs = append(jobs, r.job)
		if r.err != (r.job == "mail") {
			t.Errorf("%s: failed %v", r.job, r.err)
		}
	}
	if !slices.Equal(jobs, worker.Jobs) {
		t.Errorf("jobs observed %v, want %v", jobs, worker.Jobs)
	}
	if !slices.Equal(spans, worker.Jobs) || !slices.Equal(ended, worker.Jobs) {
		t.Errorf("spans started %v, ended %v", spans, ended)
	}
}
