package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestOutboxBacklog counts the mail waiting to be sent and finds the
// oldest: mail kept (no SMTP server), sent or held for an unconfirmed
// address is not waiting.
func TestOutboxBacklog(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		if n, oldest, err := db.OutboxBacklog(ctx); err != nil || n != 0 || !oldest.IsZero() {
			t.Fatalf("empty outbox: %d %v %v", n, oldest, err)
		}
		start := time.Date(2031, 3, 4, 5, 6, 7, 0, time.UTC)
		enqueue := func(to string, status marquee.MailStatus) {
			t.Helper()
			if err := db.Mail.Enqueue(ctx, &marquee.Mail{Kind: "reminder", To: to, Subject: "s", Body: "b", Language: "en", Status: status}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "unconfirmed@example.com", PasswordHash: "x", Unverified: true}); err != nil {
			t.Fatal(err)
		}
		db.Clock.Set(start.Add(-time.Hour))
		enqueue("unconfirmed@example.com", marquee.MailQueued) // held
		enqueue("kept@example.com", marquee.MailKept)
		db.Clock.Set(start)
		enqueue("first@example.com", marquee.MailQueued)
		db.Clock.Set(start.Add(time.Minute))
		enqueue("second@example.com", marquee.MailQueued)
		n, oldest, err := db.OutboxBacklog(ctx)
		if err != nil || n != 2 || !oldest.Equal(start) {
			t.Fatalf("backlog: %d since %v (%v), want 2 since %v", n, oldest, err, start)
		}
	})
}

// TestObservedCounts: transactions by outcome and payment events by
// outcome, counted by the store as they happen.
func TestObservedCounts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		before := db.Observed()
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "counted@example.com", PasswordHash: "x"})
		if err != nil {
			t.Fatal(err)
		}
		// A refused change rolls back.
		admin := storetest.AsUser(ctx, &marquee.User{ID: -1, Role: marquee.RoleAdmin})
		if _, err := db.Users.AdjustCredits(admin, u.ID, marquee.CreditAdjustment{Delta: -5, Reason: "more than the balance"}); err == nil {
			t.Fatal("a balance below 0 was allowed")
		}
		// A payment event for no purchase is refused.
		if _, err := db.Payments.Settle(ctx, marquee.PaymentEvent{ID: "evt_1", Type: marquee.PaymentSucceeded, Reference: "pi_unknown"}); err == nil {
			t.Fatal("an unknown payment settled")
		}
		after := db.Observed()
		if after.Commits <= before.Commits {
			t.Errorf("commits %d → %d", before.Commits, after.Commits)
		}
		if after.Rollbacks != before.Rollbacks+1 {
			t.Errorf("rollbacks %d → %d, want one more", before.Rollbacks, after.Rollbacks)
		}
		count := func(c store.ObservedCounts, kind, outcome string) uint64 {
			for _, p := range c.Payments {
				if p.Kind == kind && p.Outcome == outcome {
					return p.Count
				}
			}
			t.Fatalf("no payment count %s %s", kind, outcome)
			return 0
		}
		if count(after, "purchase", "refused") != count(before, "purchase", "refused")+1 {
			t.Error("the refused payment event is not counted")
		}
		if len(after.Payments) != 10 || len(after.TicketOrders) != 5 {
			t.Errorf("%d payment and %d ticket order series", len(after.Payments), len(after.TicketOrders))
		}
	})
}

// queryRecorder is a store.QueryTracer keeping what it is told.
type queryRecorder struct {
	mu      sync.Mutex
	started []string
	ended   int
	failed  int
}

type spanKey struct{}

func (q *queryRecorder) StartQuery(ctx context.Context, system, op, query string) context.Context {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.started = append(q.started, system+" "+op+" "+query)
	return context.WithValue(ctx, spanKey{}, len(q.started))
}

func (q *queryRecorder) EndQuery(ctx context.Context, err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if ctx.Value(spanKey{}) == nil {
		panic("EndQuery without the context StartQuery returned")
	}
	q.ended++
	if err != nil {
		q.failed++
	}
}

// TestTraceQueries: with a QueryTracer, every statement of the conn
// helpers and every commit is started and ended, named by its first
// keyword, with its text (placeholders, no values).
func TestTraceQueries(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		rec := &queryRecorder{}
		db.TraceQueries(rec)
		defer db.TraceQueries(nil)
		ctx := context.Background()
		if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "traced-person@example.com", PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Packages.List(ctx, "en"); err != nil {
			t.Fatal(err)
		}
		rec.mu.Lock()
		defer rec.mu.Unlock()
		if rec.ended != len(rec.started) || rec.failed != 0 {
			t.Errorf("%d started, %d ended, %d failed", len(rec.started), rec.ended, rec.failed)
		}
		all := strings.Join(rec.started, "\n")
		system := "sqlite"
		if db.Dialect() == store.Postgres {
			system = "postgresql"
		}
		for _, want := range []string{system + " INSERT INSERT INTO users", system + " COMMIT COMMIT", system + " SELECT "} {
			if !strings.Contains(all, want) {
				t.Errorf("no statement %q in:\n%s", want, all)
			}
		}
		if strings.Contains(all, "traced-person") {
			t.Error("a traced statement holds a value")
		}
	})
}
