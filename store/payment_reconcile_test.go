package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// msgNotCompleted is the failure of a payment the provider does not have.
const msgNotCompleted = "Your payment was not completed."

// crashNode returns the services of one node over db whose process dies
// in its payments as told (the test mode keeping its payments in db).
func crashNode(t *testing.T, db *store.DB) (*storetest.DB, *storetest.CrashProvider) {
	t.Helper()
	var cp *storetest.CrashProvider
	node := storetest.WrapProvider(t, db, func(p marquee.PaymentProvider) marquee.PaymentProvider {
		cp = storetest.NewCrashProvider(p)
		return cp
	})
	return node, cp
}

// reconcileAtOnce runs Reconcile on every node, each from several
// goroutines, all at once, and returns how many payments they settled.
func reconcileAtOnce(t *testing.T, nodes ...*storetest.DB) int {
	t.Helper()
	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	start := make(chan struct{})
	for _, n := range nodes {
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				got, err := n.Payments.Reconcile(context.Background())
				if err != nil {
					t.Errorf("reconcile: %v", err)
				}
				mu.Lock()
				total += got
				mu.Unlock()
			}()
		}
	}
	close(start)
	wg.Wait()
	return total
}

// purchaseStates reads the buyer's purchases as their history shows them.
func purchaseStates(t *testing.T, db *storetest.DB, buyer *marquee.User) map[int64]*marquee.Purchase {
	t.Helper()
	page, err := db.Payments.Purchases(as(buyer), marquee.PurchaseFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}}, "en")
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]*marquee.Purchase{}
	for _, p := range page.Items {
		out[p.ID] = p
	}
	return out
}

// newestPurchase is the id of the purchase made last.
func newestPurchase(t *testing.T, db *store.DB) int64 {
	t.Helper()
	return count(t, db, `SELECT MAX(id) FROM purchases`)
}

// TestReconcilePurchases: purchases left pending by a process that died
// around its payment are settled from the test mode's record once 15
// minutes have passed, by another node (the dead one's memory is gone):
// a charged one is granted once, with its receipt; one never charged
// fails, as does a declined one with its card's message. Eight
// reconcilers on two nodes at once ask the provider about each payment
// exactly once.
func TestReconcilePurchases(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		nodeA, crashA := crashNode(t, a)
		nodeB, crashB := crashNode(t, b)
		setClocks := func(at time.Time) { nodeA.Clock.Set(at); nodeB.Clock.Set(at) }
		setClocks(payNow)
		buyer := newOrganiser(t, nodeA, "buyer@example.com")
		buy := func(point int, pm string) int64 {
			crashA.SetCrash(point)
			storetest.Crashed(t, func() {
				_, _ = nodeA.Payments.Checkout(as(buyer), marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: pm, Language: "en"})
			})
			return newestPurchase(t, a)
		}
		charged := buy(storetest.CrashAfterCharge, "pm_card_visa")
		uncharged := buy(storetest.CrashBeforeCharge, "pm_card_visa")
		if n := count(t, a, `SELECT COUNT(*) FROM purchases WHERE status = 'pending' AND reference IS NULL`); n != 2 {
			t.Fatalf("%d pending purchases without a reference, want 2", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM test_payments WHERE purchase_id = ? AND outcome = 'payment_intent.succeeded'`, charged); n != 1 {
			t.Fatalf("%d test payments recorded for the charged purchase", n)
		}

		// Not before 15 minutes: a buyer may still be paying.
		setClocks(payNow.Add(marquee.PaymentReconcileAfter - time.Second))
		if n, err := nodeB.Payments.Reconcile(context.Background()); err != nil || n != 0 || crashB.Finds() != 0 {
			t.Fatalf("reconciled %d (%v), asked %d times before 15 minutes", n, err, crashB.Finds())
		}
		setClocks(payNow.Add(marquee.PaymentReconcileAfter))
		if n, err := nodeB.Payments.Reconcile(context.Background()); err != nil || n != 2 || crashB.Finds() != 2 {
			t.Fatalf("reconciled %d (%v), asked %d times; want 2, 2", n, err, crashB.Finds())
		}
		states := purchaseStates(t, nodeB, buyer)
		refs, err := a.StringsForTest(context.Background(), `SELECT reference FROM test_payments WHERE purchase_id = ?`, charged)
		if err != nil || len(refs) != 1 {
			t.Fatalf("test payments of the charged purchase: %v %v", refs, err)
		}
		ref := refs[0]
		if p := states[charged]; p.Status != marquee.PurchaseSucceeded || p.Reference != ref || p.SettledAt == nil {
			t.Fatalf("charged purchase: %+v (payment %s)", p, ref)
		}
		if p := states[uncharged]; p.Status != marquee.PurchaseFailed || p.FailureMessage != msgNotCompleted || p.Reference != "" {
			t.Fatalf("uncharged purchase: %+v", p)
		}
		if got := credits(t, a, buyer.ID); got != 100 {
			t.Fatalf("balance %d, want 100", got)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'receipt' AND to_addr = 'buyer@example.com'`); n != 1 {
			t.Fatalf("%d receipts, want 1", n)
		}
		if n, err := nodeA.Payments.Reconcile(context.Background()); err != nil || n != 0 {
			t.Fatalf("reconciled again: %d %v", n, err)
		}

		// Eighteen more, reconciled by eight callers on two nodes at once.
		setClocks(payNow.Add(20 * time.Minute))
		want := map[int64]marquee.PurchaseStatus{}
		for i := range 18 {
			switch i % 3 {
			case 0:
				want[buy(storetest.CrashBeforeCharge, "pm_card_visa")] = marquee.PurchaseFailed
			case 1:
				want[buy(storetest.CrashAfterCharge, "pm_card_visa")] = marquee.PurchaseSucceeded
			case 2:
				want[buy(storetest.CrashAfterCharge, "pm_card_chargeDeclined")] = marquee.PurchaseFailed
			}
		}
		setClocks(payNow.Add(20*time.Minute + marquee.PaymentReconcileAfter))
		if n := reconcileAtOnce(t, nodeA, nodeB); n != 18 {
			t.Fatalf("reconciled %d, want 18", n)
		}
		if asked := crashA.Finds() + crashB.Finds() - 2; asked != 18 {
			t.Fatalf("the provider was asked %d times about 18 payments", asked)
		}
		states = purchaseStates(t, nodeA, buyer)
		for id, status := range want {
			if p := states[id]; p.Status != status {
				t.Errorf("purchase %d: %s, want %s", id, p.Status, status)
			}
		}
		if got := credits(t, a, buyer.ID); got != 700 {
			t.Fatalf("balance %d, want 700 (7 purchases of 100)", got)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'purchase'`); n != 7 {
			t.Fatalf("%d ledger rows, want 7", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'receipt'`); n != 7 {
			t.Fatalf("%d receipts, want 7", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM purchases WHERE status = 'failed' AND failure_message = 'Your card was declined.'`); n != 6 {
			t.Fatalf("%d declined purchases, want 6", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM purchases WHERE status = 'pending'`); n != 0 {
			t.Fatalf("%d purchases still pending", n)
		}
		assertLedgerBalanced(t, a)
	})
}

// TestReconcileTicketOrders: ticket orders whose payment a dying process
// left unsettled are settled from the test mode's record 15 minutes after
// the payment began, once, by two nodes at once: still pending, a charged
// one is paid (tickets and confirmation) and an uncharged one fails; after
// the worker expired their holds, a charged one takes its seats again as
// a late payment and an uncharged one stays expired.
func TestReconcileTicketOrders(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		nodeA, crashA := crashNode(t, a)
		nodeB, crashB := crashNode(t, b)
		setClocks := func(at time.Time) { nodeA.Clock.Set(at); nodeB.Clock.Set(at) }
		fx := newTicketFixture(t, nodeA, 10, 1200)
		setClocks(ticketNow)
		buyer := fx.buyer(t, "buyer@example.com")
		pay := func(point int) int64 {
			o := fx.order(t, buyer, 2)
			crashA.SetCrash(point)
			storetest.Crashed(t, func() {
				_, _ = nodeA.Tickets.PayOrder(as(buyer), o.ID, marquee.TicketPayRequest{Country: "US", PaymentMethod: "pm_card_visa"})
			})
			return o.ID
		}
		status := func(id int64) *marquee.TicketOrder {
			t.Helper()
			o, err := nodeB.Tickets.Order(as(buyer), id)
			if err != nil {
				t.Fatal(err)
			}
			return o
		}
		confirmations := func() int64 {
			return count(t, a, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'ticket-confirmation' AND to_addr = 'buyer@example.com'`)
		}

		// Still pending (the worker has not expired the holds).
		charged, uncharged := pay(storetest.CrashAfterCharge), pay(storetest.CrashBeforeCharge)
		if o := status(charged); o.Status != marquee.OrderPending || o.Reference != "" {
			t.Fatalf("charged order before reconciling: %+v", o)
		}
		setClocks(ticketNow.Add(marquee.PaymentReconcileAfter - time.Second))
		if n := reconcileAtOnce(t, nodeA, nodeB); n != 0 {
			t.Fatalf("reconciled %d before 15 minutes", n)
		}
		setClocks(ticketNow.Add(marquee.PaymentReconcileAfter))
		if n := reconcileAtOnce(t, nodeA, nodeB); n != 2 || crashA.Finds()+crashB.Finds() != 2 {
			t.Fatalf("reconciled %d, asked %d times; want 2, 2", n, crashA.Finds()+crashB.Finds())
		}
		if o := status(charged); o.Status != marquee.OrderPaid || len(o.Tickets) != 2 || o.Reference == "" {
			t.Fatalf("charged order: %+v", o)
		}
		if o := status(uncharged); o.Status != marquee.OrderFailed || len(o.Tickets) != 0 || o.FailureMessage != msgNotCompleted {
			t.Fatalf("uncharged order: %+v", o)
		}
		if sold, held := fx.seats(t); sold != 2 || held != 0 {
			t.Fatalf("sold %d, held %d; want 2, 0", sold, held)
		}
		if n := confirmations(); n != 1 {
			t.Fatalf("%d confirmations, want 1", n)
		}

		// The worker expired the holds first.
		t1 := ticketNow.Add(20 * time.Minute)
		setClocks(t1)
		late, unpaid := pay(storetest.CrashAfterCharge), pay(storetest.CrashBeforeCharge)
		setClocks(t1.Add(marquee.TicketHoldDuration))
		if n, err := nodeB.Tickets.ReleaseExpiredHolds(context.Background()); err != nil || n != 2 {
			t.Fatalf("expired %d holds (%v), want 2", n, err)
		}
		if o := status(late); o.Status != marquee.OrderExpired {
			t.Fatalf("charged order after its hold: %+v", o)
		}
		setClocks(t1.Add(marquee.PaymentReconcileAfter))
		if n := reconcileAtOnce(t, nodeA, nodeB); n != 2 || crashA.Finds()+crashB.Finds() != 4 {
			t.Fatalf("reconciled %d, asked %d times in all; want 2, 4", n, crashA.Finds()+crashB.Finds())
		}
		if o := status(late); o.Status != marquee.OrderPaid || len(o.Tickets) != 2 {
			t.Fatalf("late charged order: %+v", o)
		}
		if o := status(unpaid); o.Status != marquee.OrderExpired || len(o.Tickets) != 0 {
			t.Fatalf("expired uncharged order: %+v", o)
		}
		if sold, held := fx.seats(t); sold != 4 || held != 0 {
			t.Fatalf("sold %d, held %d; want 4, 0", sold, held)
		}
		if n := confirmations(); n != 2 {
			t.Fatalf("%d confirmations, want 2", n)
		}
		setClocks(t1.Add(time.Hour))
		if n := reconcileAtOnce(t, nodeA, nodeB); n != 0 || crashA.Finds()+crashB.Finds() != 4 {
			t.Fatalf("reconciled again: %d, asked %d times in all", n, crashA.Finds()+crashB.Finds())
		}
	})
}

// TestReconcileUnfinishedPayment: a payment the buyer never finished (a
// Stripe intent awaiting the browser) fails after 15 minutes; should it
// succeed later, its webhook still grants it, once.
func TestReconcileUnfinishedPayment(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		p := f.checkout(t, f.buyer, "pro", pmPending).Purchase
		db.Clock.Set(payNow.Add(marquee.PaymentReconcileAfter))
		if n, err := f.pay.Payments.Reconcile(context.Background()); err != nil || n != 1 {
			t.Fatalf("reconciled %d %v", n, err)
		}
		got, err := f.pay.Payments.Purchase(as(f.buyer), p.ID, "en")
		if err != nil || got.Status != marquee.PurchaseFailed || got.FailureMessage != msgNotCompleted {
			t.Fatalf("unfinished purchase: %+v %v", got, err)
		}
		f.fake.set(p.Reference, marquee.PaymentSucceeded)
		if got, err := f.pay.Payments.Settle(context.Background(), success(p)); err != nil || got.Status != marquee.PurchaseSucceeded {
			t.Fatalf("late success: %+v %v", got, err)
		}
		if credits(t, db.DB, f.buyer.ID) != 100 {
			t.Fatal("the late success was not granted")
		}
	})
}
