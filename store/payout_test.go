package store_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/payment"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

var payoutNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func taxData() marquee.PayoutTaxData {
	return marquee.PayoutTaxData{LegalName: " Ann Films KK ", Address: "1-2-3 Shibuya\nTokyo", Country: "jp", TaxID: "T1234567890123"}
}

// earn appends an available income row of cents to festival id.
func earn(t testing.TB, db *storetest.DB, id, cents int64, source string) {
	t.Helper()
	now := db.Clock.Now()
	kind := marquee.EarningTicket
	if cents < 0 {
		kind = marquee.EarningCommission
	}
	if _, err := db.AppendFestivalEarningsForTest(context.Background(), marquee.FestivalEarning{FestivalID: id, Kind: kind,
		AmountCents: cents, Source: source, AvailableAt: now.Add(-time.Hour), CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
}

func balance(t testing.TB, db *storetest.DB, id int64) marquee.EarningsBalance {
	t.Helper()
	b, err := db.FestivalEarningsBalanceForTest(context.Background(), id, db.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// payoutFestival is an organiser's festival with a connected payout
// account, onboarded in test mode (its transfers failing when fail).
func payoutFestival(t testing.TB, db *storetest.DB, email, name string, fail bool) (*marquee.User, *marquee.Festival) {
	t.Helper()
	org := newOrganiser(t, db, email)
	f := createAt(t, db, org, name)
	if _, err := db.Payouts.Connect(as(org), f.Slug, taxData()); err != nil {
		t.Fatalf("connect: %v", err)
	}
	v, err := db.Payouts.CompleteTestOnboarding(as(org), f.Slug, fail)
	if err != nil || v.Account.Status != marquee.PayoutAccountActive {
		t.Fatalf("onboarding: %+v %v", v, err)
	}
	return org, f
}

// createAt creates a festival as its organiser did before its dates
// (subNow), the clock then back where it was.
func createAt(t testing.TB, db *storetest.DB, org *marquee.User, name string) *marquee.Festival {
	t.Helper()
	now := db.Clock.Now()
	db.Clock.Set(subNow)
	defer db.Clock.Set(now)
	return mustCreate(t, db, org, festivalDetails(name))
}

// TestPayoutAccountConnect: the organiser connects a test mode account
// with tax data (validated, nothing written when invalid), finishes the
// simulated onboarding, and updates the tax data; a second organiser
// sees nothing and can change nothing.
func TestPayoutAccountConnect(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(payoutNow)
		org := newOrganiser(t, db, "org@example.com")
		other := newOrganiser(t, db, "other@example.com")
		f := createAt(t, db, org, "Payout Fest")

		v, err := db.Payouts.Account(as(org), f.Slug)
		if err != nil || v.Account != nil || v.Provider != "test" || v.MinimumCents != 2500 || v.ScheduleDay != 1 {
			t.Fatalf("no account yet: %+v %v", v, err)
		}
		_, err = db.Payouts.Connect(as(org), f.Slug, marquee.PayoutTaxData{Country: "XX", TaxID: "12<script>"})
		wantCode(t, err, marquee.EInvalid)
		if m := marquee.ErrorFields(err); len(m) != 4 || m["taxId"] == "" || m["country"] == "" || m["legalName"] == "" || m["address"] == "" {
			t.Errorf("field errors %v", m)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM payout_accounts`) + count(t, db.DB, `SELECT COUNT(*) FROM test_payout_accounts`); n != 0 {
			t.Fatalf("invalid data wrote %d rows", n)
		}
		for _, call := range []func() error{
			func() error { _, err := db.Payouts.Connect(as(other), f.Slug, taxData()); return err },
			func() error { _, err := db.Payouts.Account(as(other), f.Slug); return err },
			func() error { _, err := db.Payouts.CompleteTestOnboarding(as(other), f.Slug, false); return err },
			func() error {
				_, err := db.Payouts.FestivalPayouts(as(other), f.Slug, marquee.PageRequest{Page: 1})
				return err
			},
			func() error { _, err := db.Payouts.PayNow(as(org), f.Slug); return err },
		} {
			if code := marquee.ErrorCode(call()); code != marquee.ENotFound && code != marquee.EForbidden {
				t.Fatalf("second account or organiser's pay-now: %q", code)
			}
		}

		on, err := db.Payouts.Connect(as(org), f.Slug, taxData())
		if err != nil {
			t.Fatal(err)
		}
		a := on.Account
		if a.Status != marquee.PayoutAccountOnboarding || a.Provider != "test" || !strings.HasPrefix(a.Reference, "test_acct_") ||
			a.LegalName != "Ann Films KK" || a.Country != "JP" || a.Address != "1-2-3 Shibuya\nTokyo" || a.TaxID != "T1234567890123" {
			t.Fatalf("account %+v", a)
		}
		u, err := url.Parse(on.URL)
		if err != nil || u.Host != "marquee.example" || u.Path != "/payouts/test-onboarding" || u.Query().Get("account") != a.Reference ||
			u.Query().Get("return") != "https://marquee.example/manage/festivals/"+f.Slug+"/earnings?payouts=return" {
			t.Fatalf("onboarding link %q", on.URL)
		}
		// Payouts wait for the onboarding.
		earn(t, db, f.ID, 5000, "ticket_order:1")
		_, err = db.Payouts.PayNow(adminCtx(t, db), f.Slug)
		wantCode(t, err, marquee.EConflict)

		// The tax data changes; the account stays.
		d := taxData()
		d.LegalName = "Ann Films GK"
		again, err := db.Payouts.Connect(as(org), f.Slug, d)
		if err != nil || again.Account.Reference != a.Reference || again.Account.LegalName != "Ann Films GK" {
			t.Fatalf("update: %+v %v", again, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM test_payout_accounts`); n != 1 {
			t.Fatalf("%d provider accounts", n)
		}
		v, err = db.Payouts.CompleteTestOnboarding(as(org), f.Slug, false)
		if err != nil || v.Account.Status != marquee.PayoutAccountActive {
			t.Fatalf("onboarding: %+v %v", v, err)
		}
		if v, err = db.Payouts.Refresh(as(org), f.Slug); err != nil || v.Account.Status != marquee.PayoutAccountActive {
			t.Fatalf("refresh: %+v %v", v, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = 'payout_account.connect' AND festival_id = ?`, f.ID); n != 2 {
			t.Fatalf("%d audit entries", n)
		}
	})
}

// TestPayoutOnceAcrossNodes: eight admins' pay-now on two nodes at the
// same moment make one payout; the balance moves once, the provider is
// asked once, and the payout is paid.
func TestPayoutOnceAcrossNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		nodeA, nodeB := storetest.Wrap(t, a), storetest.Wrap(t, b)
		nodeA.Clock.Set(payoutNow)
		nodeB.Clock.Set(payoutNow)
		_, f := payoutFestival(t, nodeA, "org@example.com", "Once Fest", false)
		earn(t, nodeA, f.ID, 10000, "ticket_order:1")
		earn(t, nodeA, f.ID, -850, "ticket_order:1")
		admin := adminCtx(t, nodeA)

		var wg sync.WaitGroup
		var mu sync.Mutex
		var paid []*marquee.Payout
		var codes []string
		for i := range 8 {
			node := nodeA
			if i%2 == 1 {
				node = nodeB
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := node.Payouts.PayNow(admin, f.Slug)
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					codes = append(codes, marquee.ErrorCode(err))
					return
				}
				paid = append(paid, p)
			}()
		}
		wg.Wait()
		if len(paid) != 1 {
			t.Fatalf("%d payouts (errors %v)", len(paid), codes)
		}
		for _, c := range codes {
			if c != marquee.EConflict {
				t.Fatalf("errors %v", codes)
			}
		}
		p := paid[0]
		if p.Status != marquee.PayoutPaid || p.AmountCents != 9150 || p.Trigger != marquee.PayoutByAdmin || p.Period != "" ||
			!strings.HasPrefix(p.Transfer, "test_tr_") || p.SettledAt == nil || p.FestivalSlug != f.Slug {
			t.Fatalf("payout %+v", p)
		}
		if bal := balance(t, nodeB, f.ID); bal != (marquee.EarningsBalance{PaidCents: 9150}) {
			t.Fatalf("balance %+v", bal)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM festival_earnings WHERE kind = 'payout'`); n != 1 {
			t.Fatalf("%d payout rows", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM test_transfers WHERE payout_id = ?`, p.ID); n != 1 {
			t.Fatalf("%d transfers", n)
		}
		if n := count(t, a, `SELECT COUNT(*) FROM audit_log WHERE action = 'payout.create'`); n != 1 {
			t.Fatalf("%d audit entries", n)
		}
	})
}

// TestPayoutScheduleOnceAcrossNodes: the monthly run on two nodes at once
// pays each festival whose balance reaches the minimum once for the
// month; one below the minimum waits, and is paid later in the month once
// it reaches it; the next month pays again.
func TestPayoutScheduleOnceAcrossNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		nodeA, nodeB := storetest.Wrap(t, a), storetest.Wrap(t, b)
		set := func(at time.Time) { nodeA.Clock.Set(at); nodeB.Clock.Set(at) }
		set(payoutNow)
		_, rich := payoutFestival(t, nodeA, "rich@example.com", "Rich Fest", false)
		_, poor := payoutFestival(t, nodeA, "poor@example.com", "Poor Fest", false)
		earn(t, nodeA, rich.ID, 9000, "ticket_order:1")
		earn(t, nodeA, poor.ID, 2499, "ticket_order:2")

		run := func() (created int) {
			var wg sync.WaitGroup
			var mu sync.Mutex
			for i := range 6 {
				node := nodeA
				if i%2 == 1 {
					node = nodeB
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					r, err := node.Payouts.RunSchedule(context.Background())
					if err != nil {
						t.Errorf("run: %v", err)
						return
					}
					mu.Lock()
					created += r.Created
					mu.Unlock()
				}()
			}
			wg.Wait()
			return created
		}
		if n := run(); n != 1 {
			t.Fatalf("%d payouts created", n)
		}
		if bal := balance(t, nodeA, rich.ID); bal.AvailableCents != 0 || bal.PaidCents != 9000 {
			t.Fatalf("rich %+v", bal)
		}
		if bal := balance(t, nodeA, poor.ID); bal.AvailableCents != 2499 || bal.PaidCents != 0 {
			t.Fatalf("below the minimum %+v", bal)
		}
		// More income in the month: the poor festival reaches the minimum,
		// the rich one was paid for the month already.
		earn(t, nodeA, poor.ID, 1, "ticket_order:3")
		earn(t, nodeA, rich.ID, 5000, "ticket_order:4")
		set(payoutNow.Add(24 * time.Hour))
		if n := run(); n != 1 {
			t.Fatalf("%d payouts created later in the month", n)
		}
		if bal := balance(t, nodeA, poor.ID); bal.AvailableCents != 0 || bal.PaidCents != 2500 {
			t.Fatalf("poor %+v", bal)
		}
		if bal := balance(t, nodeA, rich.ID); bal.AvailableCents != 5000 {
			t.Fatalf("rich, second income %+v", bal)
		}
		// December 1st: the rich festival's new balance is paid.
		set(time.Date(2026, 12, 1, 0, 5, 0, 0, time.UTC))
		if n := run(); n != 1 {
			t.Fatalf("%d payouts in December", n)
		}
		list, err := nodeB.Payouts.AdminPayouts(adminCtx(t, nodeB), marquee.PayoutFilter{Status: marquee.PayoutPaid})
		if err != nil || list.Total != 3 || list.Items[0].Period != "2026-12" || list.Items[0].Trigger != marquee.PayoutScheduled {
			t.Fatalf("paid list %+v %v", list, err)
		}
	})
}

// TestPayoutFailureReturnsOnce: a transfer the provider refuses fails the
// payout and returns its amount once, whatever replays it; the admin's
// retry (once) pays again after the account is fixed.
func TestPayoutFailureReturnsOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(payoutNow)
		org, f := payoutFestival(t, db, "org@example.com", "Fail Fest", true)
		earn(t, db, f.ID, 4000, "ticket_order:1")
		admin := adminCtx(t, db)
		p, err := db.Payouts.PayNow(admin, f.Slug)
		if err != nil || p.Status != marquee.PayoutFailed || p.FailureMessage != marquee.PayoutMessageDeclined || p.AmountCents != 4000 {
			t.Fatalf("payout %+v %v", p, err)
		}
		if bal := balance(t, db, f.ID); bal != (marquee.EarningsBalance{AvailableCents: 4000}) {
			t.Fatalf("balance after the failure %+v", bal)
		}
		// The worker's monthly run tries again (a payout of its own, for
		// the month), which fails too: each failure returns its amount
		// once, and a second run neither pays nor returns anything more.
		for range 2 {
			if _, err := db.Payouts.RunSchedule(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM festival_earnings WHERE kind = 'payout_reversal'`); n != 2 {
			t.Fatalf("%d reversals", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM festival_earnings WHERE kind = 'payout_reversal' AND source = ?`, marquee.PayoutEarningSource(p.ID)); n != 1 {
			t.Fatalf("%d reversals of the first payout", n)
		}
		if bal := balance(t, db, f.ID); bal != (marquee.EarningsBalance{AvailableCents: 4000}) {
			t.Fatalf("balance after two failures %+v", bal)
		}
		failed, err := db.Payouts.AdminPayouts(admin, marquee.PayoutFilter{Status: marquee.PayoutFailed})
		if err != nil || failed.Total != 2 || failed.Items[1].ID != p.ID || failed.Items[0].Trigger != marquee.PayoutScheduled {
			t.Fatalf("failed list %+v %v", failed, err)
		}
		scheduled := failed.Items[0]
		// The organiser fixes the account; the admin retries, once.
		if _, err := db.Payouts.CompleteTestOnboarding(as(org), f.Slug, false); err != nil {
			t.Fatal(err)
		}
		_, err = db.Payouts.Retry(as(org), p.ID)
		wantCode(t, err, marquee.EForbidden)
		re, err := db.Payouts.Retry(admin, p.ID)
		if err != nil || re.Status != marquee.PayoutPaid || re.AmountCents != 4000 || re.ID == p.ID {
			t.Fatalf("retry %+v %v", re, err)
		}
		_, err = db.Payouts.Retry(admin, p.ID)
		wantCode(t, err, marquee.EConflict)
		if bal := balance(t, db, f.ID); bal != (marquee.EarningsBalance{PaidCents: 4000}) {
			t.Fatalf("balance after the retry %+v", bal)
		}
		// The month's failed payout has nothing left to retry with.
		_, err = db.Payouts.Retry(admin, scheduled.ID)
		wantCode(t, err, marquee.EConflict)
		mine, err := db.Payouts.FestivalPayouts(as(org), f.Slug, marquee.PageRequest{Page: 1})
		if err != nil || mine.Total != 3 || mine.Items[0].ID != re.ID || mine.Items[2].RetriedBy != re.ID || mine.Items[1].RetriedBy != 0 {
			t.Fatalf("festival payouts %+v %v", mine, err)
		}
		// Nothing left: another pay-now is refused.
		_, err = db.Payouts.PayNow(admin, f.Slug)
		wantCode(t, err, marquee.EConflict)
	})
}

// lossyPayouts is the test mode whose answers to CreateTransfer are lost
// while lose is set: the transfer is made (reach) or not, and the caller
// gets an error either way.
type lossyPayouts struct {
	*payment.TestPayouts
	mu    sync.Mutex
	lose  bool
	reach bool
	calls int
}

func (l *lossyPayouts) CreateTransfer(ctx context.Context, req marquee.TransferRequest) (*marquee.TransferResult, error) {
	l.mu.Lock()
	lose, reach := l.lose, l.reach
	l.calls++
	l.mu.Unlock()
	if !lose {
		return l.TestPayouts.CreateTransfer(ctx, req)
	}
	if reach {
		_, _ = l.TestPayouts.CreateTransfer(ctx, req)
	}
	return nil, errors.New("connection reset by peer")
}

func (l *lossyPayouts) set(lose, reach bool) {
	l.mu.Lock()
	l.lose, l.reach = lose, reach
	l.mu.Unlock()
}

// lossyNode is a node's services over db with the lossy payout provider.
func lossyNode(t *testing.T, db *store.DB, clk *storetest.Clock, p *lossyPayouts) *storetest.DB {
	t.Helper()
	svc, err := store.NewServices(db, store.Options{Clock: clk.Now, Password: storetest.FastPasswords,
		Payouts: store.PayoutOptions{Provider: p, PublicURL: "https://marquee.example"}})
	if err != nil {
		t.Fatal(err)
	}
	return &storetest.DB{DB: db, Services: svc, Clock: clk}
}

// TestPayoutReconcile: a payout whose provider answer was lost stays
// pending with its amount reserved; after PayoutReconcileAfter the worker
// on two nodes at once asks the provider once: a transfer it made is found
// (never made twice), one it never made is made with the same key.
func TestPayoutReconcile(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, a, b *store.DB) {
		clk := &storetest.Clock{}
		clk.Set(payoutNow)
		provider := &lossyPayouts{TestPayouts: payment.NewTestPayouts(clk.Now, store.NewTestPayouts(a))}
		nodeA, nodeB := lossyNode(t, a, clk, provider), lossyNode(t, b, clk, provider)
		_, reached := payoutFestival(t, nodeA, "reached@example.com", "Reached Fest", false)
		_, lost := payoutFestival(t, nodeA, "lost@example.com", "Lost Fest", false)
		earn(t, nodeA, reached.ID, 3000, "ticket_order:1")
		earn(t, nodeA, lost.ID, 4000, "ticket_order:2")
		admin := adminCtx(t, nodeA)

		provider.set(true, true)
		p1, err := nodeA.Payouts.PayNow(admin, reached.Slug)
		if err != nil || p1.Status != marquee.PayoutPending {
			t.Fatalf("reached: %+v %v", p1, err)
		}
		provider.set(true, false)
		p2, err := nodeA.Payouts.PayNow(admin, lost.Slug)
		if err != nil || p2.Status != marquee.PayoutPending {
			t.Fatalf("lost: %+v %v", p2, err)
		}
		if bal := balance(t, nodeA, lost.ID); bal.AvailableCents != 0 || bal.PaidCents != 4000 {
			t.Fatalf("reserved %+v", bal)
		}
		provider.set(false, false)
		calls := provider.calls
		clk.Set(payoutNow.Add(store.PayoutReconcileAfter - time.Second))
		if r, err := nodeB.Payouts.RunSchedule(context.Background()); err != nil || r.Paid != 0 || provider.calls != calls {
			t.Fatalf("too early: %+v %v", r, err)
		}
		clk.Set(payoutNow.Add(store.PayoutReconcileAfter))
		var wg sync.WaitGroup
		var mu sync.Mutex
		paid := 0
		for _, n := range []*storetest.DB{nodeA, nodeB, nodeA, nodeB} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := n.Payouts.RunSchedule(context.Background())
				if err != nil {
					t.Errorf("run: %v", err)
					return
				}
				mu.Lock()
				paid += r.Paid
				mu.Unlock()
			}()
		}
		wg.Wait()
		if paid != 2 {
			t.Fatalf("%d payouts paid by the reconciliation", paid)
		}
		// The reached transfer was found, the lost one made once: one
		// provider call in all (the lost one's), one transfer each.
		if provider.calls != calls+1 {
			t.Fatalf("%d transfer calls", provider.calls-calls)
		}
		for _, p := range []*marquee.Payout{p1, p2} {
			if n := count(t, a, `SELECT COUNT(*) FROM test_transfers WHERE payout_id = ?`, p.ID); n != 1 {
				t.Fatalf("payout %d: %d transfers", p.ID, n)
			}
			if n := count(t, a, `SELECT COUNT(*) FROM payouts WHERE id = ? AND status = 'paid'`, p.ID); n != 1 {
				t.Fatalf("payout %d not paid", p.ID)
			}
		}
	})
}

// webhookPayouts is the test mode with webhooks: the payload is the
// event itself as JSON (the signature is the test's "ok").
type webhookPayouts struct{ *payment.TestPayouts }

func (webhookPayouts) ParseWebhook(payload []byte, signature string) (*marquee.PayoutEvent, error) {
	if signature != "ok" {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Invalid webhook signature")
	}
	var ev marquee.PayoutEvent
	if err := json.Unmarshal(payload, &ev); err != nil || ev.Type == "" {
		return nil, nil
	}
	return &ev, nil
}

// TestPayoutWebhook: account.updated sets the account's status; a
// reversed transfer fails its paid payout and returns the amount once,
// however often it is delivered; other events are left to payments.
func TestPayoutWebhook(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(payoutNow)
		provider := webhookPayouts{payment.NewTestPayouts(db.Clock.Now, store.NewTestPayouts(db.DB))}
		svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
			Payouts: store.PayoutOptions{Provider: provider, PublicURL: "https://marquee.example"}})
		if err != nil {
			t.Fatal(err)
		}
		node := &storetest.DB{DB: db.DB, Services: svc, Clock: db.Clock}
		org, f := payoutFestival(t, node, "org@example.com", "Hook Fest", false)
		earn(t, node, f.ID, 5000, "ticket_order:1")
		p, err := node.Payouts.PayNow(adminCtx(t, node), f.Slug)
		if err != nil || p.Status != marquee.PayoutPaid {
			t.Fatalf("payout %+v %v", p, err)
		}
		deliver := func(ev marquee.PayoutEvent, sig string) (bool, error) {
			body, _ := json.Marshal(ev)
			return node.Payouts.Webhook(context.Background(), body, sig)
		}
		if _, err := deliver(marquee.PayoutEvent{Type: marquee.PayoutTransferReversed}, "forged"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("forged: %v", err)
		}
		if handled, err := node.Payouts.Webhook(context.Background(), []byte(`{"type":""}`), "ok"); handled || err != nil {
			t.Fatalf("not a payout event: %v %v", handled, err)
		}
		v, _ := node.Payouts.Account(as(org), f.Slug)
		if handled, err := deliver(marquee.PayoutEvent{Type: marquee.PayoutAccountUpdated,
			Account: &marquee.PayoutAccountState{Reference: v.Account.Reference, Status: marquee.PayoutAccountRestricted}}, "ok"); !handled || err != nil {
			t.Fatalf("account.updated: %v %v", handled, err)
		}
		if v, _ = node.Payouts.Account(as(org), f.Slug); v.Account.Status != marquee.PayoutAccountRestricted {
			t.Fatalf("status %s", v.Account.Status)
		}
		reversed := marquee.PayoutEvent{Type: marquee.PayoutTransferReversed, Transfer: &marquee.TransferResult{Reference: p.Transfer,
			Status: marquee.PayoutFailed, Message: marquee.PayoutMessageReversed}}
		for range 3 {
			if handled, err := deliver(reversed, "ok"); !handled || err != nil {
				t.Fatalf("transfer.reversed: %v %v", handled, err)
			}
		}
		if bal := balance(t, node, f.ID); bal != (marquee.EarningsBalance{AvailableCents: 5000}) {
			t.Fatalf("balance after the reversal %+v", bal)
		}
		got, err := node.Payouts.FestivalPayouts(as(org), f.Slug, marquee.PageRequest{Page: 1})
		if err != nil || got.Items[0].Status != marquee.PayoutFailed || got.Items[0].FailureMessage != marquee.PayoutMessageReversed {
			t.Fatalf("payout after the reversal %+v %v", got.Items[0], err)
		}
	})
}
