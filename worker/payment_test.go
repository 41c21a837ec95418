package worker_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// A purchase charged by the test mode and left pending by a process that
// died is settled by the workers of two nodes ticking at once 15 minutes
// later: granted once, its receipt in the outbox once, and the buyer's
// history shows it succeeded.
func TestTickReconcilesUnsettledPayments(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		ctx := context.Background()
		var crash *storetest.CrashProvider
		nodeA := storetest.WrapProvider(t, a, func(p marquee.PaymentProvider) marquee.PaymentProvider {
			crash = storetest.NewCrashProvider(p)
			return crash
		})
		nodeB := storetest.Wrap(t, b)
		t0 := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
		setClocks := func(at time.Time) { nodeA.Clock.Set(at); nodeB.Clock.Set(at) }
		setClocks(t0)
		buyer, err := nodeA.Users.CreateUser(ctx, store.UserRecord{Email: "buyer@example.com", Name: "Buyer", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		crash.SetCrash(storetest.CrashAfterCharge)
		storetest.Crashed(t, func() {
			_, _ = nodeA.Payments.Checkout(storetest.AsUser(ctx, buyer), marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: "pm_card_visa", Language: "en"})
		})
		history := func() *marquee.Purchase {
			t.Helper()
			page, err := nodeB.Payments.Purchases(storetest.AsUser(ctx, buyer), marquee.PurchaseFilter{PageRequest: marquee.PageRequest{Page: 1}}, "en")
			if err != nil || len(page.Items) != 1 {
				t.Fatalf("purchases: %+v %v", page, err)
			}
			return page.Items[0]
		}
		var logs bytes.Buffer
		var logMu sync.Mutex
		workers := []*worker.Worker{}
		for _, n := range []*storetest.DB{nodeA, nodeB} {
			workers = append(workers, &worker.Worker{Reminders: n.Reminders, Mail: n.Mail, Festivals: n.Festivals, Payments: n.Payments, Tickets: n.Tickets,
				Clock: n.Clock.Now, Logger: slog.New(slog.NewTextHandler(&lockedWriter{w: &logs, mu: &logMu}, nil))})
		}
		tickAll := func() {
			var wg sync.WaitGroup
			for _, w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := w.Tick(ctx); err != nil {
						t.Errorf("tick: %v", err)
					}
				}()
			}
			wg.Wait()
		}
		setClocks(t0.Add(marquee.PaymentReconcileAfter - time.Second))
		tickAll()
		if p := history(); p.Status != marquee.PurchasePending {
			t.Fatalf("settled before 15 minutes: %+v", p)
		}
		setClocks(t0.Add(marquee.PaymentReconcileAfter))
		tickAll()
		if p := history(); p.Status != marquee.PurchaseSucceeded || p.Reference == "" {
			t.Fatalf("after the ticks: %+v", p)
		}
		mails, total, err := listMail(ctx, nodeA, "")
		if err != nil || total != 1 || mails[0].Kind != "receipt" || mails[0].To != "buyer@example.com" {
			t.Fatalf("outbox: %d mails %+v %v; want the receipt", total, mails, err)
		}
		if u, err := nodeA.Users.FindUser(ctx, buyer.ID); err != nil || u.Credits != 100 {
			t.Fatalf("buyer: %+v %v", u, err)
		}
		if !strings.Contains(logs.String(), "unsettled payments reconciled") {
			t.Errorf("logs: %s", logs.String())
		}
	})
}

// lockedWriter serialises the writes of loggers shared by goroutines.
type lockedWriter struct {
	w  *bytes.Buffer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
