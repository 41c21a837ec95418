package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// A refund of a purchase whose credits were not spent: previewed, then
// confirmed, it returns everything once; it is refused to anyone but an
// admin, for a purchase that did not succeed, and a second time.
func TestRefund(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase
		all := marquee.RefundConfirmation{TakeCredits: 100, RefundCents: 5000}
		_, err := f.pay.Payments.RefundPreview(as(f.buyer), p.ID)
		wantCode(t, err, marquee.EForbidden)
		_, err = f.pay.Payments.Refund(as(f.buyer), p.ID, all)
		wantCode(t, err, marquee.EForbidden)
		_, err = f.pay.Payments.RefundPreview(admin, 9999)
		wantCode(t, err, marquee.ENotFound)
		_, err = f.pay.Payments.Refund(admin, 9999, all)
		wantCode(t, err, marquee.ENotFound)
		// A refund without the preview's figures is a field error.
		_, err = f.pay.Payments.Refund(admin, p.ID, marquee.RefundConfirmation{})
		wantCode(t, err, marquee.EInvalid)
		if fe := marquee.ErrorFields(err); fe["takeCredits"] == "" || fe["refundCents"] == "" {
			t.Fatalf("fields %v", fe)
		}

		plan, err := f.pay.Payments.RefundPreview(admin, p.ID)
		want := marquee.RefundPlan{PurchaseID: p.ID, Credits: 100, AmountCents: 5000, Currency: "usd", Balance: 100,
			TakeCredits: 100, RefundCents: 5000, Refundable: true}
		if err != nil || *plan != want {
			t.Fatalf("preview %+v %v", plan, err)
		}
		db.Clock.Set(payNow.Add(time.Hour))
		r, err := f.pay.Payments.Refund(admin, p.ID, all)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Purchase; got.Status != marquee.PurchaseRefunded || got.RefundedCredits != 100 || got.RefundedCents != 5000 ||
			r.Uncollected != 0 || got.RefundPending || got.RefundedAt == nil || !got.RefundedAt.Equal(payNow.Add(time.Hour)) {
			t.Fatalf("refund: %+v uncollected %d", got, r.Uncollected)
		}
		if key := f.fake.refunds[p.Reference]; key != fmt.Sprintf("marquee-refund-%d", p.ID) || f.fake.refundedCents() != 5000 {
			t.Fatalf("provider refund key %q, %d cents", key, f.fake.refundedCents())
		}
		if credits(t, db.DB, f.buyer.ID) != 0 {
			t.Fatal("credits not taken back")
		}
		ledger, _ := f.pay.Payments.Ledger(as(f.buyer), marquee.PageRequest{})
		if ledger.Total != 2 || ledger.Items[0].Reason != marquee.LedgerRefund || ledger.Items[0].Delta != -100 || ledger.Items[0].Reference != marquee.PurchaseReference(p.ID) {
			t.Fatalf("ledger %+v", ledger.Items)
		}

		// Again: refused by the preview and the admin action, ignored from the provider.
		_, err = f.pay.Payments.RefundPreview(admin, p.ID)
		wantCode(t, err, marquee.EConflict)
		_, err = f.pay.Payments.Refund(admin, p.ID, all)
		wantCode(t, err, marquee.EConflict)
		if marquee.ErrorMessage(err) != "This purchase is already refunded" {
			t.Fatalf("second refund: %v", err)
		}
		again, err := f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, Reference: p.Reference})
		if err != nil || again.Status != marquee.PurchaseRefunded || again.RefundedCents != 5000 {
			t.Fatalf("charge.refunded again: %+v %v", again, err)
		}
		// A late success event does not grant a refunded purchase again.
		if late, err := f.pay.Payments.Settle(context.Background(), success(p)); err != nil || late.Status != marquee.PurchaseRefunded {
			t.Fatalf("success after refund: %+v %v", late, err)
		}
		if credits(t, db.DB, f.buyer.ID) != 0 || count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`) != 2 {
			t.Fatal("a repeated refund or late success moved the balance")
		}

		// Only a succeeded purchase can be refunded.
		declinedPurchase := f.checkout(t, f.buyer, "basic", pmDecline).Purchase
		pending := f.checkout(t, f.buyer, "basic", pmPending).Purchase
		for _, id := range []int64{declinedPurchase.ID, pending.ID} {
			_, err = f.pay.Payments.RefundPreview(admin, id)
			wantCode(t, err, marquee.EConflict)
			_, err = f.pay.Payments.Refund(admin, id, marquee.RefundConfirmation{TakeCredits: 50, RefundCents: 2500})
			wantCode(t, err, marquee.EConflict)
			if marquee.ErrorMessage(err) != "Only a succeeded purchase can be refunded" {
				t.Fatalf("refund of a purchase that did not succeed: %v", err)
			}
			_, err = f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, PurchaseID: id})
			wantCode(t, err, marquee.EConflict)
		}
		if f.fake.refundCalls != 1 {
			t.Fatalf("provider asked %d times", f.fake.refundCalls)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// A refund returns the unspent share of the price, pro rata: everything
// when nothing was spent, the share the balance still holds when part
// was, and nothing (refused, nothing written) when all was spent. The
// issue's case: Basic ($25, 50 credits), 15 spent, balance 35: 35 credits
// taken back and $17.50 returned (not $25).
func TestRefundUnspentShare(t *testing.T) {
	for _, tc := range []struct {
		name             string
		spent            int64
		take, cents      int64
		refusal          string
		balanceAfter     int64
		incomeKeptCents  int64
		transactionsLeft int64
	}{
		{name: "not spent", spent: 0, take: 50, cents: 2500, incomeKeptCents: 0},
		{name: "partly spent", spent: 15, take: 35, cents: 1750, incomeKeptCents: 750},
		{name: "almost all spent", spent: 49, take: 1, cents: 50, incomeKeptCents: 2450},
		{name: "fully spent", spent: 50, refusal: "Every credit of this purchase has been spent: there is nothing to refund",
			incomeKeptCents: 2500, transactionsLeft: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
				f := newPayFixture(t, db)
				admin := adminCtx(t, db)
				p := f.checkout(t, f.buyer, "basic", pmSucceed).Purchase
				if tc.spent > 0 {
					spend(t, db.DB, f.buyer.ID, tc.spent, "spent:test")
				}
				plan, err := f.pay.Payments.RefundPreview(admin, p.ID)
				if err != nil {
					t.Fatal(err)
				}
				if plan.Balance != 50-tc.spent || plan.SpentCredits != tc.spent || plan.TakeCredits != tc.take || plan.RefundCents != tc.cents ||
					plan.Refundable != (tc.refusal == "") || plan.Retry {
					t.Fatalf("preview %+v", plan)
				}
				r, err := f.pay.Payments.Refund(admin, p.ID, marquee.RefundConfirmation{TakeCredits: max(tc.take, 1), RefundCents: max(tc.cents, 1)})
				if tc.refusal != "" {
					wantCode(t, err, marquee.EConflict)
					if marquee.ErrorMessage(err) != tc.refusal {
						t.Fatalf("refusal %v", err)
					}
					got, err := f.pay.Payments.AdminPurchase(admin, p.ID, "en")
					if err != nil {
						t.Fatal(err)
					}
					if got.Status != marquee.PurchaseSucceeded || got.RefundedCredits != 0 || f.fake.refundCalls != 0 ||
						count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditPurchaseRefund)) != 0 {
						t.Fatalf("a refused refund wrote: %+v, %d provider calls", got, f.fake.refundCalls)
					}
				} else {
					if err != nil {
						t.Fatal(err)
					}
					if got := r.Purchase; got.RefundedCredits != tc.take || got.RefundedCents != tc.cents || r.Uncollected != tc.spent ||
						f.fake.refundedCents() != tc.cents || f.fake.refunded[fmt.Sprintf("marquee-refund-%d", p.ID)] != tc.cents {
						t.Fatalf("refund %+v uncollected %d, provider %v", got, r.Uncollected, f.fake.refunded)
					}
				}
				if b := credits(t, db.DB, f.buyer.ID); b != 0 {
					t.Fatalf("balance %d after the refund", b)
				}
				s := assertDashboardExact(t, db, admin)
				if s.TotalIncomeCents != tc.incomeKeptCents || s.TotalTransactions != tc.transactionsLeft {
					t.Fatalf("dashboard %+v", s)
				}
				assertLedgerBalanced(t, db.DB)
			})
		})
	}
}

// A balance that changed between the preview and the confirmation refuses
// the refund, changing nothing; the new preview's figures are refunded.
func TestRefundBalanceChangedSincePreview(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "basic", pmSucceed).Purchase
		old, err := f.pay.Payments.RefundPreview(admin, p.ID)
		if err != nil || old.TakeCredits != 50 {
			t.Fatalf("preview %+v %v", old, err)
		}
		spend(t, db.DB, f.buyer.ID, 10, "spent:meanwhile")
		_, err = f.pay.Payments.Refund(admin, p.ID, marquee.RefundConfirmation{TakeCredits: old.TakeCredits, RefundCents: old.RefundCents})
		wantCode(t, err, marquee.EConflict)
		if marquee.ErrorMessage(err) != "The buyer's balance has changed since the preview: review the refund again" {
			t.Fatalf("stale confirmation: %v", err)
		}
		if credits(t, db.DB, f.buyer.ID) != 40 || f.fake.refundCalls != 0 {
			t.Fatal("a stale confirmation moved credits or money")
		}
		r, err := f.refund(t, admin, p.ID)
		if err != nil || r.Purchase.RefundedCredits != 40 || r.Purchase.RefundedCents != 2000 || f.fake.refundedCents() != 2000 {
			t.Fatalf("refund after a new preview: %+v %v", r, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// Concurrent refunds never refund twice: many admins confirming one
// purchase record one refund and ask the provider for one amount under
// one idempotency key; two purchases whose credits the balance holds only
// once are refunded only once between them.
func TestRefundConcurrently(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase
		spend(t, db.DB, f.buyer.ID, 40, "spent:before")
		plan, err := f.pay.Payments.RefundPreview(admin, p.ID)
		if err != nil || plan.TakeCredits != 60 || plan.RefundCents != 3000 {
			t.Fatalf("preview %+v %v", plan, err)
		}
		conf := marquee.RefundConfirmation{TakeCredits: plan.TakeCredits, RefundCents: plan.RefundCents}
		const n = 20
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() { _, errs[i] = f.pay.Payments.Refund(admin, p.ID, conf) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case marquee.ErrorMessage(err) != "This purchase is already refunded":
				t.Fatalf("concurrent refund: %v", err)
			}
		}
		if ok == 0 {
			t.Fatal("no refund succeeded")
		}
		if rows := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'refund'`); rows != 1 || credits(t, db.DB, f.buyer.ID) != 0 ||
			f.fake.refundedCents() != 3000 || len(f.fake.refunded) != 1 {
			t.Fatalf("%d refund rows, balance %d, provider %v", rows, credits(t, db.DB, f.buyer.ID), f.fake.refunded)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditPurchaseRefund)); n != 1 {
			t.Fatalf("%d refund audit entries", n)
		}

		// Two Basic purchases (100 credits), 50 spent: each preview says 50
		// credits and $25, but the balance holds them once.
		other := newOrganiser(t, db, "other@example.com")
		a := f.checkout(t, other, "basic", pmSucceed).Purchase
		b := f.checkout(t, other, "basic", pmSucceed).Purchase
		spend(t, db.DB, other.ID, 50, "spent:other")
		confs := map[int64]marquee.RefundConfirmation{}
		for _, q := range []*marquee.Purchase{a, b} {
			plan, err := f.pay.Payments.RefundPreview(admin, q.ID)
			if err != nil || plan.TakeCredits != 50 || plan.RefundCents != 2500 {
				t.Fatalf("preview of %d: %+v %v", q.ID, plan, err)
			}
			confs[q.ID] = marquee.RefundConfirmation{TakeCredits: plan.TakeCredits, RefundCents: plan.RefundCents}
		}
		var both [2]error
		for i, q := range []*marquee.Purchase{a, b} {
			wg.Go(func() { _, both[i] = f.pay.Payments.Refund(admin, q.ID, confs[q.ID]) })
		}
		wg.Wait()
		if (both[0] == nil) == (both[1] == nil) {
			t.Fatalf("both or neither refunded: %v, %v", both[0], both[1])
		}
		refused := both[0]
		if refused == nil {
			refused = both[1]
		}
		wantCode(t, refused, marquee.EConflict)
		if credits(t, db.DB, other.ID) != 0 || f.fake.refundedCents() != 3000+2500 {
			t.Fatalf("balance %d, provider %v", credits(t, db.DB, other.ID), f.fake.refunded)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// A provider that does not confirm leaves the refund recorded (credits
// taken back, money owed): the preview offers the same refund again, and
// confirming it asks the provider again without moving credits.
func TestRefundProviderDown(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "basic", pmSucceed).Purchase
		spend(t, db.DB, f.buyer.ID, 10, "spent:test")
		conf := marquee.RefundConfirmation{TakeCredits: 40, RefundCents: 2000}
		f.fake.setRefundDown(true)
		_, err := f.pay.Payments.Refund(admin, p.ID, conf)
		wantCode(t, err, marquee.EUnavailable)
		got, err := f.pay.Payments.AdminPurchase(admin, p.ID, "en")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != marquee.PurchaseRefunded || !got.RefundPending || got.RefundedAt != nil || got.RefundedCredits != 40 ||
			got.RefundedCents != 2000 || credits(t, db.DB, f.buyer.ID) != 0 {
			t.Fatalf("unconfirmed refund: %+v", got)
		}
		plan, err := f.pay.Payments.RefundPreview(admin, p.ID)
		if err != nil || !plan.Retry || !plan.Refundable || plan.TakeCredits != 40 || plan.RefundCents != 2000 || plan.SpentCredits != 10 {
			t.Fatalf("preview of an unconfirmed refund: %+v %v", plan, err)
		}
		// Still down: still recorded once.
		_, err = f.pay.Payments.Refund(admin, p.ID, conf)
		wantCode(t, err, marquee.EUnavailable)
		f.fake.setRefundDown(false)
		db.Clock.Set(payNow.Add(time.Hour))
		r, err := f.pay.Payments.Refund(admin, p.ID, conf)
		if err != nil || r.Purchase.RefundPending || r.Purchase.RefundedAt == nil || !r.Purchase.RefundedAt.Equal(payNow.Add(time.Hour)) || r.Uncollected != 10 {
			t.Fatalf("retried refund: %+v %v", r, err)
		}
		if rows := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'refund'`); rows != 1 || f.fake.refundedCents() != 2000 || f.fake.refundCalls != 3 {
			t.Fatalf("%d refund rows, provider %v after %d calls", rows, f.fake.refunded, f.fake.refundCalls)
		}
		_, err = f.pay.Payments.Refund(admin, p.ID, conf)
		wantCode(t, err, marquee.EConflict)

		// The provider's own report (charge.refunded) confirms an
		// unconfirmed refund too, moving nothing.
		q := f.checkout(t, f.buyer, "basic", pmSucceed).Purchase
		f.fake.setRefundDown(true)
		_, err = f.refund(t, admin, q.ID)
		wantCode(t, err, marquee.EUnavailable)
		ev, err := f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, Reference: q.Reference})
		if err != nil || ev.RefundPending || ev.RefundedAt == nil || ev.RefundedCents != 2500 || credits(t, db.DB, f.buyer.ID) != 0 {
			t.Fatalf("charge.refunded of an unconfirmed refund: %+v %v", ev, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// A refund made at the provider (Stripe's dashboard: the whole payment)
// takes back what the balance holds of the purchase and records the whole
// amount; with every credit spent it is recorded with nothing taken back.
func TestRefundAtProvider(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		p := f.checkout(t, f.buyer, "pro", pmSucceed).Purchase
		spend(t, db.DB, f.buyer.ID, 70, "spent:test-1")
		got, err := f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, Reference: p.Reference, AmountCents: 5000})
		if err != nil || got.Status != marquee.PurchaseRefunded || got.RefundedCredits != 30 || got.RefundedCents != 5000 || got.RefundedAt == nil ||
			credits(t, db.DB, f.buyer.ID) != 0 {
			t.Fatalf("charge.refunded after spending: %+v %v", got, err)
		}
		q := f.checkout(t, f.buyer, "basic", pmSucceed).Purchase
		spend(t, db.DB, f.buyer.ID, 50, "spent:test-2")
		got, err = f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, Reference: q.Reference, AmountCents: 2500})
		if err != nil || got.Status != marquee.PurchaseRefunded || got.RefundedCredits != 0 || got.RefundedCents != 2500 {
			t.Fatalf("charge.refunded after spending all: %+v %v", got, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'refund'`); n != 1 {
			t.Fatalf("%d refund rows", n)
		}
		if f.fake.refundCalls != 0 {
			t.Fatalf("charge.refunded called the provider: %v", f.fake.refunds)
		}
		assertDashboardExact(t, db, admin)
		assertLedgerBalanced(t, db.DB)
	})
}
