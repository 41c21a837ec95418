package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestCheckoutSucceeds(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		r, err := f.pay.Payments.Checkout(as(f.buyer), marquee.CheckoutRequest{PackageID: " pro ", AmountCents: 5000, Country: " us ", PaymentMethod: pmSucceed, Language: "ja"})
		if err != nil {
			t.Fatal(err)
		}
		p := r.Purchase
		if p.Status != marquee.PurchaseSucceeded || p.Credits != 100 || p.AmountCents != 5000 || p.Currency != "usd" || p.Country != "US" ||
			p.Provider != "test" || p.Reference != fakeReference(p.ID) || p.PackageID != "pro" || p.PackageName != "プロ" ||
			p.UserEmail != "buyer@example.com" || p.Language != "ja" || p.SettledAt == nil || !p.CreatedAt.Equal(payNow) || p.FailureMessage != "" {
			t.Fatalf("purchase %+v", p)
		}
		if r.Balance != 100 || r.ClientSecret != "" || credits(t, db.DB, f.buyer.ID) != 100 {
			t.Fatalf("balance %d", r.Balance)
		}
		req := f.fake.requests[0]
		if req.AmountCents != 5000 || req.Currency != "usd" || req.Country != "US" || req.Email != "buyer@example.com" ||
			req.IdempotencyKey != marquee.IdempotencyKey(p.ID) || req.PurchaseID != p.ID || req.PaymentMethod != pmSucceed {
			t.Fatalf("provider asked %+v", req)
		}
		ledger, err := f.pay.Payments.Ledger(as(f.buyer), marquee.PageRequest{Page: 1})
		if err != nil || ledger.Total != 1 || ledger.Items[0].Delta != 100 || ledger.Items[0].Reason != marquee.LedgerPurchase ||
			ledger.Items[0].Reference != marquee.PurchaseReference(p.ID) || ledger.Items[0].UserID != f.buyer.ID {
			t.Fatalf("ledger %+v %v", ledger, err)
		}
		mails, err := db.Mail.List(countingAdmin(), marquee.MailFilter{})
		if err != nil || mails.Total != 1 {
			t.Fatalf("outbox %+v %v", mails, err)
		}
		if m := mails.Items[0]; m.Kind != "receipt" || m.To != "buyer@example.com" || m.Language != "ja" || m.Status != marquee.MailKept ||
			m.Subject != "Receipt: プロ" || m.Body != "100 credits for 5000 cents, payment "+p.Reference {
			t.Fatalf("receipt %+v", m)
		}

		// A duplicate webhook or retry grants nothing more.
		for range 3 {
			again, err := f.pay.Payments.Settle(context.Background(), success(p))
			if err != nil || again.Status != marquee.PurchaseSucceeded || !again.SettledAt.Equal(*p.SettledAt) {
				t.Fatalf("settle again: %+v %v", again, err)
			}
		}
		// So does the same event found by its reference only, and through a webhook.
		if _, err := f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: p.Reference}); err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf(`{"Type":"payment_intent.succeeded","Reference":%q,"PurchaseID":%d,"AmountCents":5000}`, p.Reference, p.ID)
		if got, err := f.pay.Payments.Webhook(context.Background(), []byte(body), "good"); err != nil || got.ID != p.ID {
			t.Fatalf("webhook: %+v %v", got, err)
		}
		// A failure reported after the success changes nothing.
		failed, err := f.pay.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentFailed, PurchaseID: p.ID, Message: declined})
		if err != nil || failed.Status != marquee.PurchaseSucceeded || failed.FailureMessage != "" {
			t.Fatalf("failure after success: %+v %v", failed, err)
		}
		if credits(t, db.DB, f.buyer.ID) != 100 || count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`) != 1 || count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox`) != 1 {
			t.Fatal("a repeated settlement granted again")
		}
		// Events for no purchase, or for another amount, are refused.
		for _, ev := range []marquee.PaymentEvent{
			{Type: marquee.PaymentSucceeded},
			{Type: marquee.PaymentSucceeded, PurchaseID: 999},
			{Type: marquee.PaymentSucceeded, Reference: "pi_unknown"},
			{Type: marquee.PaymentSucceeded, PurchaseID: p.ID, Reference: "pi_someone_else"},
			{Type: marquee.PaymentSucceeded, PurchaseID: p.ID, AmountCents: 2500},
		} {
			_, err := f.pay.Payments.Settle(context.Background(), ev)
			wantCode(t, err, marquee.EInvalid)
		}
		// A forged webhook is refused; an event Marquee does not settle on is ignored.
		_, err = f.pay.Payments.Webhook(context.Background(), []byte(body), "forged")
		wantCode(t, err, marquee.EUnauthorized)
		if got, err := f.pay.Payments.Webhook(context.Background(), []byte(`{}`), "good"); got != nil || err != nil {
			t.Fatalf("ignored event: %+v %v", got, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestCheckoutDeclined(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		r := f.checkout(t, f.buyer, "basic", pmDecline)
		if p := r.Purchase; p.Status != marquee.PurchaseFailed || p.FailureMessage != declined || p.SettledAt != nil || r.Balance != 0 {
			t.Fatalf("declined: %+v balance %d", p, r.Balance)
		}
		if count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`) != 0 || count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox`) != 0 {
			t.Fatal("a declined card wrote ledger rows or mail")
		}
		// The buyer retries with another card: the failed purchase succeeds.
		f.fake.set(r.Purchase.Reference, marquee.PaymentSucceeded)
		ok, err := f.pay.Payments.Confirm(as(f.buyer), r.Purchase.ID)
		if err != nil || ok.Purchase.Status != marquee.PurchaseSucceeded || ok.Purchase.FailureMessage != "" || ok.Balance != 50 {
			t.Fatalf("retry: %+v %v", ok, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestCheckoutInvalidWritesNothing(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		ctx := context.Background()
		if err := db.DB.ExecForTest(ctx, `UPDATE packages SET active = 0 WHERE id = 'basic'`); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			req   marquee.CheckoutRequest
			field string
		}{
			{"no country", marquee.CheckoutRequest{PackageID: "pro", PaymentMethod: pmSucceed}, "country"},
			{"bad country", marquee.CheckoutRequest{PackageID: "pro", Country: "USA", PaymentMethod: pmSucceed}, "country"},
			{"unknown country", marquee.CheckoutRequest{PackageID: "pro", Country: "QQ", PaymentMethod: pmSucceed}, "country"},
			{"no package", marquee.CheckoutRequest{Country: "US", PaymentMethod: pmSucceed}, "packageId"},
			{"unknown package", marquee.CheckoutRequest{PackageID: "gold", Country: "US", PaymentMethod: pmSucceed}, "packageId"},
			{"inactive package", marquee.CheckoutRequest{PackageID: "basic", Country: "US", PaymentMethod: pmSucceed}, "packageId"},
			{"amount mismatch", marquee.CheckoutRequest{PackageID: "pro", AmountCents: 2500, Country: "US", PaymentMethod: pmSucceed}, "amount"},
			{"negative amount", marquee.CheckoutRequest{PackageID: "pro", AmountCents: -5000, Country: "US", PaymentMethod: pmSucceed}, "amount"},
			{"amount of no package", marquee.CheckoutRequest{AmountCents: 999, Country: "US", PaymentMethod: pmSucceed}, "amount"},
			{"amount of an inactive package", marquee.CheckoutRequest{AmountCents: 2500, Country: "US", PaymentMethod: pmSucceed}, "amount"},
			{"amount without country", marquee.CheckoutRequest{AmountCents: 5000, PaymentMethod: pmSucceed}, "country"},
			{"refused by the provider", marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: pmRefuse}, "paymentMethodId"},
		} {
			_, err := f.pay.Payments.Checkout(as(f.buyer), c.req)
			if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)[c.field] == "" {
				t.Errorf("%s: %v (fields %v), want EInvalid on %s", c.name, err, marquee.ErrorFields(err), c.field)
			}
		}
		if n := f.fake.requestCount(); n != 1 {
			t.Fatalf("the provider was asked %d times, want once (the refused method)", n)
		}
		_, err := f.pay.Payments.Checkout(ctx, marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: pmSucceed})
		wantCode(t, err, marquee.EUnauthorized)
		for _, table := range []string{"purchases", "credit_ledger", "mail_outbox"} {
			if n := count(t, db.DB, `SELECT COUNT(*) FROM `+table); n != 0 {
				t.Errorf("%s has %d rows after refused checkouts", table, n)
			}
		}
		if credits(t, db.DB, f.buyer.ID) != 0 {
			t.Fatal("credits granted")
		}
		// A provider that cannot be reached leaves a failed purchase and an error.
		_, err = f.pay.Payments.Checkout(as(f.buyer), marquee.CheckoutRequest{PackageID: "pro", Country: "US", PaymentMethod: pmDown})
		wantCode(t, err, marquee.EInternal)
		page, _ := f.pay.Payments.Purchases(as(f.buyer), marquee.PurchaseFilter{}, "en")
		if page.Total != 1 || page.Items[0].Status != marquee.PurchaseFailed || page.Items[0].FailureMessage != marquee.ErrorMessage(err) || page.Items[0].Reference != "" {
			t.Fatalf("after an unreachable provider: %+v (error %v)", page.Items, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// The seed client sends only an amount: it names the package of that price.
func TestCheckoutByAmount(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		r, err := f.pay.Payments.Checkout(as(f.buyer), marquee.CheckoutRequest{AmountCents: 10000, Country: "in", PaymentMethod: pmSucceed})
		if err != nil {
			t.Fatal(err)
		}
		if p := r.Purchase; p.PackageID != "enterprise" || p.Credits != 250 || p.PackageName != "VIP" || p.Country != "IN" || p.Language != "en" || r.Balance != 250 {
			t.Fatalf("by amount: %+v balance %d", p, r.Balance)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// Stripe's path: a pending payment the browser confirms, then Confirm
// settles it; nobody else may see or confirm it.
func TestCheckoutPendingThenConfirm(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		other := newOrganiser(t, db, "other@example.com")
		r := f.checkout(t, f.buyer, "pro", pmPending)
		p := r.Purchase
		if p.Status != marquee.PurchasePending || r.ClientSecret == "" || p.Reference == "" || r.Balance != 0 {
			t.Fatalf("pending: %+v %q", p, r.ClientSecret)
		}
		_, err := f.pay.Payments.Confirm(as(other), p.ID)
		wantCode(t, err, marquee.ENotFound)
		_, err = f.pay.Payments.Purchase(as(other), p.ID, "en")
		wantCode(t, err, marquee.ENotFound)
		_, missing := f.pay.Payments.Purchase(as(other), 9999, "en")
		if marquee.ErrorMessage(err) != marquee.ErrorMessage(missing) {
			t.Fatalf("another's purchase %q, a missing one %q", marquee.ErrorMessage(err), marquee.ErrorMessage(missing))
		}
		// Still waiting for the browser.
		if c, err := f.pay.Payments.Confirm(as(f.buyer), p.ID); err != nil || c.Purchase.Status != marquee.PurchasePending {
			t.Fatalf("confirm before the browser: %+v %v", c, err)
		}
		f.fake.set(p.Reference, marquee.PaymentSucceeded)
		c, err := f.pay.Payments.Confirm(as(f.buyer), p.ID)
		if err != nil || c.Purchase.Status != marquee.PurchaseSucceeded || c.Balance != 100 {
			t.Fatalf("confirm: %+v %v", c, err)
		}
		// The webhook arriving after the confirmation grants nothing more.
		body := fmt.Sprintf(`{"Type":"payment_intent.succeeded","Reference":%q,"AmountCents":5000}`, p.Reference)
		if _, err := f.pay.Payments.Webhook(context.Background(), []byte(body), "good"); err != nil {
			t.Fatal(err)
		}
		if c, _ := f.pay.Payments.Confirm(as(f.buyer), p.ID); c.Balance != 100 {
			t.Fatalf("balance after the webhook %d", c.Balance)
		}
		if mine, err := f.pay.Payments.Purchase(as(f.buyer), p.ID, "zh"); err != nil || mine.PackageName != "专业版" {
			t.Fatalf("own purchase: %+v %v", mine, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// Fifty settlements of one purchase at once grant once; on two handles
// (two nodes) of one database.
func TestSettleConcurrentlyGrantsOnce(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		clock := func() time.Time { return payNow }
		nodeA, _ := payServices(t, a, clock)
		nodeB, _ := payServices(t, b, clock)
		buyer, err := nodeA.Users.CreateUser(context.Background(), store.UserRecord{Email: "buyer@example.com", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		r, err := nodeA.Payments.Checkout(as(buyer), marquee.CheckoutRequest{PackageID: "enterprise", Country: "JP", PaymentMethod: pmPending})
		if err != nil {
			t.Fatal(err)
		}
		ev := success(r.Purchase)
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		start := make(chan struct{})
		for i := range 50 {
			node := nodeA
			if i%2 == 1 {
				node = nodeB
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				p, err := node.Payments.Settle(context.Background(), ev)
				if err == nil && p.Status != marquee.PurchaseSucceeded {
					err = fmt.Errorf("status %s", p.Status)
				}
				errs <- err
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("settle: %v", err)
			}
		}
		if got := credits(t, a, buyer.ID); got != 250 {
			t.Fatalf("balance %d after 50 settlements, want 250", got)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM credit_ledger`); n != 1 {
			t.Fatalf("%d ledger rows", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'receipt'`); n != 1 {
			t.Fatalf("%d receipts", n)
		}
		assertLedgerBalanced(t, a)
	})
}

func TestPurchaseLists(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		other := newOrganiser(t, db, "other@example.com")
		var mine []*marquee.Purchase
		for i, pm := range []string{pmSucceed, pmDecline, pmSucceed} {
			db.Clock.Set(payNow.Add(time.Duration(i) * time.Minute))
			mine = append(mine, f.checkout(t, f.buyer, "basic", pm).Purchase)
		}
		db.Clock.Set(payNow.Add(time.Hour))
		theirs := f.checkout(t, other, "pro", pmSucceed).Purchase

		// A user sees their own only, whatever they ask for.
		page, err := f.pay.Payments.Purchases(as(f.buyer), marquee.PurchaseFilter{UserID: other.ID}, "en")
		if err != nil || page.Total != 3 || len(page.Items) != 3 || page.Items[0].ID != mine[2].ID || page.Items[2].ID != mine[0].ID ||
			page.PerPage != marquee.PurchasesPerPage || page.Page != 1 {
			t.Fatalf("own list: %+v %v", page, err)
		}
		failed, _ := f.pay.Payments.Purchases(as(f.buyer), marquee.PurchaseFilter{Status: marquee.PurchaseFailed}, "en")
		if failed.Total != 1 || failed.Items[0].ID != mine[1].ID {
			t.Fatalf("own failed: %+v", failed)
		}
		// An admin's own list is their own (none), whatever they ask for;
		// the admin list has everyone's, or one user's, filtered and paged.
		if own, err := f.pay.Payments.Purchases(admin, marquee.PurchaseFilter{UserID: other.ID}, "en"); err != nil || own.Total != 0 {
			t.Fatalf("admin's own list: %+v %v", own, err)
		}
		if _, err := f.pay.Payments.Purchase(admin, mine[0].ID, "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("admin's own receipt of another's purchase: %v", err)
		}
		_, err = f.pay.Payments.AdminPurchases(as(f.buyer), marquee.PurchaseFilter{}, "en")
		wantCode(t, err, marquee.EForbidden)
		_, err = f.pay.Payments.AdminPurchase(as(f.buyer), mine[0].ID, "en")
		wantCode(t, err, marquee.EForbidden)
		all, _ := f.pay.Payments.AdminPurchases(admin, marquee.PurchaseFilter{}, "ja")
		if all.Total != 4 || all.Items[0].ID != theirs.ID || all.Items[0].UserEmail != "other@example.com" || all.Items[0].PackageName != "プロ" {
			t.Fatalf("all: %+v", all.Items)
		}
		ok, _ := f.pay.Payments.AdminPurchases(admin, marquee.PurchaseFilter{Status: marquee.PurchaseSucceeded, PageRequest: marquee.PageRequest{Page: 2, PerPage: 2}}, "en")
		if ok.Total != 3 || len(ok.Items) != 1 || ok.Items[0].ID != mine[0].ID || ok.Page != 2 || ok.PerPage != 2 {
			t.Fatalf("succeeded page 2: %+v", ok)
		}
		one, _ := f.pay.Payments.AdminPurchases(admin, marquee.PurchaseFilter{UserID: other.ID}, "en")
		if one.Total != 1 || one.Items[0].ID != theirs.ID {
			t.Fatalf("one user's: %+v", one)
		}
		if got, err := f.pay.Payments.AdminPurchase(admin, mine[0].ID, "zh"); err != nil || got.PackageName != "基础版" || got.UserEmail != "buyer@example.com" {
			t.Fatalf("admin reads a purchase: %+v %v", got, err)
		}
		_, err = f.pay.Payments.Purchases(context.Background(), marquee.PurchaseFilter{}, "en")
		wantCode(t, err, marquee.EUnauthorized)

		// The ledger: the user's own rows, newest first, paged.
		ledger, err := f.pay.Payments.Ledger(as(f.buyer), marquee.PageRequest{Page: 1, PerPage: 1})
		if err != nil || ledger.Total != 2 || len(ledger.Items) != 1 || ledger.Items[0].Reference != marquee.PurchaseReference(mine[2].ID) {
			t.Fatalf("ledger: %+v %v", ledger, err)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestDashboardIncome(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newPayFixture(t, db)
		admin := adminCtx(t, db)
		other := newOrganiser(t, db, "other@example.com")
		buy := func(at time.Time, u *marquee.User, pkg, pm string) *marquee.Purchase {
			db.Clock.Set(at)
			return f.checkout(t, u, pkg, pm).Purchase
		}
		buy(time.Date(2025, 11, 30, 10, 0, 0, 0, time.UTC), f.buyer, "enterprise", pmSucceed) // before the twelve months
		buy(time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC), f.buyer, "basic", pmSucceed)
		buy(time.Date(2026, 1, 6, 10, 0, 0, 0, time.UTC), f.buyer, "pro", pmDecline)
		refunded := buy(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), other, "pro", pmSucceed)
		buy(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC), f.buyer, "pro", pmSucceed)
		buy(time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC), f.buyer, "basic", pmPending)
		db.Clock.Set(payNow)
		if _, err := f.refund(t, admin, refunded.ID); err != nil {
			t.Fatal(err)
		}
		s, err := db.Users.Dashboard(admin)
		if err != nil {
			t.Fatal(err)
		}
		if s.TotalSubscriptions != 1 || s.TotalTransactions != 3 || s.TotalIncomeCents != 10000+2500+5000 || len(s.IncomeByMonth) != 12 {
			t.Fatalf("summary %+v", s)
		}
		want := map[string]int64{"2026-01": 2500, "2026-11": 5000}
		for i, m := range s.IncomeByMonth {
			if m.Month != s.SignupsByMonth[i].Month || m.AmountCents != want[m.Month] {
				t.Errorf("%s: %d cents, want %d", m.Month, m.AmountCents, want[m.Month])
			}
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// Without a provider every call but the reads is refused.
func TestPaymentsNotConfigured(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, tdb *storetest.DB) {
		svc, err := store.NewServices(tdb.DB, store.Options{Clock: tdb.Clock.Now, Password: storetest.FastPasswords})
		if err != nil {
			t.Fatal(err)
		}
		db := &storetest.DB{DB: tdb.DB, Services: svc, Clock: tdb.Clock}
		u := newOrganiser(t, db, "buyer@example.com")
		_, err = db.Payments.Checkout(as(u), marquee.CheckoutRequest{PackageID: "pro", Country: "US"})
		wantCode(t, err, marquee.EInternal)
		_, err = db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, PurchaseID: 1})
		wantCode(t, err, marquee.EInternal)
		_, err = db.Payments.Webhook(context.Background(), []byte(`{}`), "")
		wantCode(t, err, marquee.EInternal)
		if page, err := db.Payments.Purchases(as(u), marquee.PurchaseFilter{}, "en"); err != nil || page.Total != 0 {
			t.Fatalf("list: %+v %v", page, err)
		}
		if c := db.Payments.Config(); c.Provider != "" {
			t.Fatalf("config %+v", c)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// The migration opens the ledger with every balance given before it.
func TestLedgerOpeningBalances(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		rich := newOrganiser(t, db, "rich@example.com")
		poor := newOrganiser(t, db, "poor@example.com")
		if err := db.DB.MigrateDownToForTest(ctx, 6); err != nil {
			t.Fatal(err)
		}
		if err := db.DB.ExecForTest(ctx, `UPDATE users SET credits = 40 WHERE id = ?`, rich.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.DB.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		f := newPayFixture(t, db)
		rows, err := f.pay.Payments.Ledger(as(rich), marquee.PageRequest{})
		if err != nil || rows.Total != 1 || rows.Items[0].Delta != 40 || rows.Items[0].Reason != marquee.LedgerAdjustment ||
			rows.Items[0].Reference != fmt.Sprintf("opening-balance:%d", rich.ID) || rows.Items[0].CreatedAt.IsZero() {
			t.Fatalf("opening ledger %+v %v", rows, err)
		}
		if rows, _ := f.pay.Payments.Ledger(as(poor), marquee.PageRequest{}); rows.Total != 0 {
			t.Fatalf("a user without credits has ledger rows: %+v", rows.Items)
		}
		// New purchases add to the opening balance.
		if r := f.checkout(t, rich, "basic", pmSucceed); r.Balance != 90 {
			t.Fatalf("balance %d", r.Balance)
		}
		assertLedgerBalanced(t, db.DB)
	})
}
