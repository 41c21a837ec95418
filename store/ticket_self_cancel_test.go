package store_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// selfCancelWorld is a ticket fixture whose payments go through a fake
// provider that counts refunds, with the self-cancellation e-mail.
func selfCancelWorld(t *testing.T, base *storetest.DB, capacity ...int) (*storetest.DB, *fakeProvider, *ticketFixture) {
	t.Helper()
	fp := newFakeProvider()
	svc, err := store.NewServices(base.DB, store.Options{Clock: base.Clock.Now, Password: storetest.FastPasswords,
		Payments: store.PaymentOptions{Provider: fp},
		Tickets:  store.TicketOptions{ComposeSelfCancel: mail.Composer{PublicURL: "https://marquee.example"}.TicketSelfCancellation}})
	if err != nil {
		t.Fatal(err)
	}
	db := &storetest.DB{DB: base.DB, Services: svc, Clock: base.Clock}
	seats := 10
	if len(capacity) > 0 {
		seats = capacity[0]
	}
	return db, fp, newTicketFixture(t, db, seats, 1200)
}

// paidOrder orders q seats for u (with code, "" for none) in Japanese and pays them under reference ref.
func (fx *ticketFixture) paidOrder(t *testing.T, u *marquee.User, q int, code, ref string) *marquee.TicketOrder {
	t.Helper()
	o, err := fx.db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: q, VoucherCode: code, Language: "ja"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fx.db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: ref, TicketOrderID: o.ID, AmountCents: o.AmountCents}); err != nil {
		t.Fatal(err)
	}
	return o
}

// TestTicketSelfCancelOnce: under "minus a fixed fee", twelve concurrent
// cancellations of one paid order refund it once through the provider
// (the fee kept), cancel its tickets at the door, give its seats (the
// type's and the screening's) and its voucher's use back, write one
// refund row and one commission reversal to the ledger, and e-mail the
// buyer once in their language; another account's request is 404; after
// the cut-off the refusal says when it closed.
func TestTicketSelfCancelOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		db, fp, fx := selfCancelWorld(t, base)
		if _, err := db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "TENOFF", Kind: marquee.VoucherPercent, Value: 10, UsageLimit: 5}); err != nil {
			t.Fatal(err)
		}
		u, other := fx.buyer(t, "b@example.com"), fx.buyer(t, "o@example.com")
		o := fx.paidOrder(t, u, 2, "TENOFF", "pi_self")
		if o.AmountCents != 2160 {
			t.Fatalf("amount %d, want 2160", o.AmountCents)
		}
		// No rule yet: buyers cannot cancel.
		_, err := db.Tickets.SelfCancelOrder(as(u), o.ID)
		wantMessage(t, err, marquee.EConflict, "This festival does not let buyers cancel their tickets")
		_, err = db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 48, Refund: marquee.CancelRefundFixedFee})
		wantCode(t, err, marquee.EInvalid)
		_, err = db.Tickets.SetCancellationPolicy(as(u), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 48, Refund: marquee.CancelRefundFull})
		wantCode(t, err, marquee.ENotFound)
		p, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 48,
			Refund: marquee.CancelRefundFixedFee, FeeCents: 300, FeePercent: 20})
		if err != nil || p.FeeCents != 300 || p.FeePercent != 0 || p.Refund != marquee.CancelRefundFixedFee {
			t.Fatalf("policy %+v %v", p, err)
		}
		got, err := db.Tickets.Order(as(u), o.ID)
		if err != nil || got.SelfCancel == nil || !got.SelfCancel.Allowed || got.SelfCancel.RefundCents != 1860 ||
			!got.SelfCancel.Deadline.Equal(time.Date(2026, 3, 13, 19, 0, 0, 0, time.UTC)) {
			t.Fatalf("quote %+v %v", got.SelfCancel, err)
		}
		_, err = db.Tickets.SelfCancelOrder(as(other), o.ID)
		wantCode(t, err, marquee.ENotFound)

		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := db.Tickets.SelfCancelOrder(as(u), o.ID)
				switch {
				case err == nil && r.Status == marquee.OrderRefunded && r.RefundedCents == 1860:
					mu.Lock()
					wins++
					mu.Unlock()
				case marquee.ErrorCode(err) == marquee.EConflict:
				default:
					t.Errorf("cancel: %+v %v", r, err)
				}
			}()
		}
		wg.Wait()
		if wins < 1 || fp.refundCalls != 1 || fp.refunded[marquee.TicketRefundKey(o.ID)] != 1860 {
			t.Fatalf("%d answered cancelled; %d refund calls, refunded %v", wins, fp.refundCalls, fp.refunded)
		}
		got, err = db.Tickets.Order(as(u), o.ID)
		if err != nil || got.Status != marquee.OrderRefunded || got.RefundedCents != 1860 || got.SelfCancel != nil {
			t.Fatalf("after: %+v %v", got, err)
		}
		for _, tk := range got.Tickets {
			if tk.Status != marquee.TicketCancelled {
				t.Fatalf("ticket %+v", tk)
			}
			res, err := db.Tickets.CheckIn(as(fx.org), fx.fest.Slug, marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: tk.Code})
			if err != nil || res.Result != marquee.CheckInCancelled {
				t.Fatalf("door: %+v %v", res, err)
			}
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		if n := count(t, db.DB, `SELECT CAST(SUM(sold + held) AS BIGINT) FROM screening_ticket_types WHERE screening_id = ?`, fx.screening.ID); n != 0 {
			t.Fatalf("type counters %d", n)
		}
		if n := count(t, db.DB, `SELECT CAST(used AS BIGINT) FROM vouchers WHERE code = 'TENOFF'`); n != 0 {
			t.Fatalf("voucher uses %d", n)
		}
		src := marquee.TicketOrderEarningSource(o.ID)
		income := count(t, db.DB, `SELECT CAST(amount_cents AS BIGINT) FROM festival_earnings WHERE source = ? AND kind = 'ticket'`, src)
		refund := count(t, db.DB, `SELECT CAST(amount_cents AS BIGINT) FROM festival_earnings WHERE source = ? AND kind = 'refund'`, src)
		if rows := count(t, db.DB, `SELECT COUNT(*) FROM festival_earnings WHERE source = ? AND kind IN ('refund', 'commission_reversal')`, src); rows != 2 ||
			refund != -(income*1860/2160) {
			t.Fatalf("ledger: %d refund rows, refund %d of income %d", rows, refund, income)
		}
		m := lastMail(t, db, "b@example.com", mail.KindTicketSelfCancel)
		if m == nil || !strings.Contains(m.Subject, "注文をキャンセルしました") || !strings.Contains(m.Body, "18.60") {
			t.Fatalf("mail %+v", m)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = ?`, mail.KindTicketSelfCancel); n != 1 {
			t.Fatalf("%d mails", n)
		}
		// Once more: answered as it is, nothing moves.
		if r, err := db.Tickets.SelfCancelOrder(as(u), o.ID); marquee.ErrorCode(err) != marquee.EConflict && (err != nil || r.Status != marquee.OrderRefunded) {
			t.Fatalf("again: %+v %v", r, err)
		}

		// After the cut-off: refused, nothing moves.
		late := fx.paidOrder(t, other, 1, "", "pi_late")
		setNow(db, time.Date(2026, 3, 13, 19, 0, 0, 0, time.UTC))
		got, _ = db.Tickets.Order(as(other), late.ID)
		if got.SelfCancel == nil || got.SelfCancel.Allowed {
			t.Fatalf("quote after the cut-off %+v", got.SelfCancel)
		}
		_, err = db.Tickets.SelfCancelOrder(as(other), late.ID)
		wantMessage(t, err, marquee.EConflict, "Cancelling closed {hours} hours before the screening")
		if sold, _ := fx.seats(t); sold != 1 || fp.refundCalls != 1 {
			t.Fatalf("sold %d, refunds %d", sold, fp.refundCalls)
		}
	})
}

// TestTicketSelfCancelRules: a provider that does not answer leaves the
// order paid and a retry refunds it; "none" cancels without money back
// (the ledger untouched, the seats back); a percentage fee is rounded up.
func TestTicketSelfCancelRules(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		db, fp, fx := selfCancelWorld(t, base)
		u := fx.buyer(t, "b@example.com")
		if _, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 24,
			Refund: marquee.CancelRefundPercentFee, FeePercent: 15}); err != nil {
			t.Fatal(err)
		}
		o := fx.paidOrder(t, u, 1, "", "pi_pct")
		fp.refundDown = true
		_, err := db.Tickets.SelfCancelOrder(as(u), o.ID)
		wantCode(t, err, marquee.EUnavailable)
		if got, _ := db.Tickets.Order(as(u), o.ID); got.Status != marquee.OrderPaid || got.RefundedCents != 0 || !got.SelfCancel.Allowed {
			t.Fatalf("after the provider failed: %+v", got)
		}
		fp.refundDown = false
		got, err := db.Tickets.SelfCancelOrder(as(u), o.ID)
		if err != nil || got.RefundedCents != 1020 || fp.refunded[marquee.TicketRefundKey(o.ID)] != 1020 {
			t.Fatalf("retry: %+v %v (refunded %v)", got, err, fp.refunded)
		}

		if _, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 24,
			Refund: marquee.CancelRefundNone}); err != nil {
			t.Fatal(err)
		}
		n := fx.paidOrder(t, u, 3, "", "pi_none")
		calls := fp.refundCalls
		got, err = db.Tickets.SelfCancelOrder(as(u), n.ID)
		if err != nil || got.Status != marquee.OrderCancelled || got.RefundedCents != 0 || fp.refundCalls != calls {
			t.Fatalf("none: %+v %v", got, err)
		}
		if rows := count(t, db.DB, `SELECT COUNT(*) FROM festival_earnings WHERE source = ? AND kind <> 'ticket' AND kind <> 'commission'`,
			marquee.TicketOrderEarningSource(n.ID)); rows != 0 {
			t.Fatalf("%d ledger rows for a cancellation without refund", rows)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		// Disabled: the rule is gone.
		p, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: false, CutoffHours: 5})
		if err != nil || p.Enabled {
			t.Fatalf("disable: %+v %v", p, err)
		}
	})
}

// TestTicketDeclineKeepsHold: a declined payment keeps the hold (the
// seats stay held, the order pending with the decline's message); a retry
// with another card on the same order issues its tickets once; a decline
// the hold then outlives is released once by the worker's expiry.
func TestTicketDeclineKeepsHold(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		fx := newTicketFixture(t, db, 10, 1000)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 2)
		res, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_chargeDeclined"})
		if err != nil || res.Order.Status != marquee.OrderPending || res.Order.FailureMessage != "Your card was declined." {
			t.Fatalf("declined: %v %+v", err, res)
		}
		if _, held := fx.seats(t); held != 2 {
			t.Fatalf("held %d after a decline, want 2", held)
		}
		res, err = db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"})
		if err != nil || res.Order.Status != marquee.OrderPaid || len(res.Order.Tickets) != 2 || res.Order.FailureMessage != "" {
			t.Fatalf("retry: %v %+v", err, res)
		}
		// The success again (a webhook, a double click): nothing more.
		if _, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM tickets WHERE order_id = ?`, o.ID); n != 2 {
			t.Fatalf("%d tickets", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'ticket-confirmation'`); n != 1 {
			t.Fatalf("%d confirmations", n)
		}
		if sold, held := fx.seats(t); sold != 2 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}

		e := fx.order(t, u, 3)
		if res, err := db.Tickets.PayOrder(as(u), e.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_chargeDeclinedInsufficientFunds"}); err != nil ||
			res.Order.Status != marquee.OrderPending {
			t.Fatalf("declined: %v %+v", err, res)
		}
		setNow(db, ticketNow.Add(marquee.TicketHoldDuration+time.Second))
		for i, want := range []int{1, 0} {
			n, err := db.Tickets.ReleaseExpiredHolds(ctx)
			if err != nil || n != want {
				t.Fatalf("expiry %d: released %d, %v", i, n, err)
			}
		}
		if sold, held := fx.seats(t); sold != 2 || held != 0 {
			t.Fatalf("after expiry: sold %d held %d", sold, held)
		}
		if n := count(t, db.DB, `SELECT CAST(SUM(held) AS BIGINT) FROM screening_ticket_types WHERE screening_id = ?`, fx.screening.ID); n != 0 {
			t.Fatalf("type held %d", n)
		}
		_, err = db.Tickets.PayOrder(as(u), e.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"})
		wantMessage(t, err, marquee.EConflict, "Your reservation has expired")
	})
}

// TestTicketSelfCancelOffersWaitlist: the seats of a buyer's cancellation
// go to the waiting list first.
func TestTicketSelfCancelOffersWaitlist(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		db, _, fx := selfCancelWorld(t, base, 2)
		a, b := fx.buyer(t, "a@example.com"), fx.buyer(t, "b@example.com")
		if _, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 1, Refund: marquee.CancelRefundFull}); err != nil {
			t.Fatal(err)
		}
		o := fx.paidOrder(t, a, 2, "", "pi_full")
		if _, err := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Tickets.SelfCancelOrder(as(a), o.ID)
		if err != nil || got.RefundedCents != 2400 || got.Status != marquee.OrderRefunded {
			t.Fatalf("cancel: %+v %v", got, err)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 1 {
			t.Fatalf("sold %d held %d, want the offer's 1 held", sold, held)
		}
		e, err := db.Tickets.MyWaitlistEntry(as(b), fx.screening.ID)
		if err != nil || e.Status != marquee.WaitlistOffered {
			t.Fatalf("b's entry: %+v %v", e, err)
		}
	})
}

// TestGuestSelfCancelOnce: a guest cancels their paid order through its
// link under the festival's rule, by the buyers' exactly-once path: eight
// concurrent requests refund it once (the fee kept), give its seats back
// and e-mail the guest once; a wrong link is not found and moves nothing;
// the link then shows the order refunded.
func TestGuestSelfCancelOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		db, fp, fx := selfCancelWorld(t, base)
		ctx := context.Background()
		res, err := db.Tickets.CreateGuestOrder(ctx, guestOrder(fx, 2, "Hanako Yamada", "hanako@example.com"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.SelfCancelGuestOrder(ctx, res.Token); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("pending order: %v", err)
		}
		if _, err := db.Payments.Settle(ctx, marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: "pi_guest",
			TicketOrderID: res.Order.ID, AmountCents: res.Order.AmountCents}); err != nil {
			t.Fatal(err)
		}
		_, err = db.Tickets.SelfCancelGuestOrder(ctx, res.Token)
		wantMessage(t, err, marquee.EConflict, "This festival does not let buyers cancel their tickets")
		if _, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, marquee.CancellationPolicy{Enabled: true, CutoffHours: 48,
			Refund: marquee.CancelRefundFixedFee, FeeCents: 300}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Tickets.GuestOrder(ctx, res.Token)
		if err != nil || got.SelfCancel == nil || !got.SelfCancel.Allowed || got.SelfCancel.RefundCents != 2100 {
			t.Fatalf("quote %+v %v", got, err)
		}
		_, err = db.Tickets.SelfCancelGuestOrder(ctx, "wrong-token")
		wantMessage(t, err, marquee.ENotFound, "This link is wrong or has expired")
		if sold, _ := fx.seats(t); sold != 2 || fp.refundCalls != 0 {
			t.Fatalf("a wrong link moved: sold %d, refunds %d", sold, fp.refundCalls)
		}

		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := db.Tickets.SelfCancelGuestOrder(ctx, res.Token)
				switch {
				case err == nil && r.Status == marquee.OrderRefunded && r.RefundedCents == 2100:
					mu.Lock()
					wins++
					mu.Unlock()
				case marquee.ErrorCode(err) == marquee.EConflict:
				default:
					t.Errorf("cancel: %+v %v", r, err)
				}
			}()
		}
		wg.Wait()
		if wins < 1 || fp.refundCalls != 1 || fp.refunded[marquee.TicketRefundKey(res.Order.ID)] != 2100 {
			t.Fatalf("%d answered cancelled; %d refund calls, refunded %v", wins, fp.refundCalls, fp.refunded)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		got, err = db.Tickets.GuestOrder(ctx, res.Token)
		if err != nil || got.Status != marquee.OrderRefunded || got.RefundedCents != 2100 || got.SelfCancel != nil {
			t.Fatalf("after: %+v %v", got, err)
		}
		for _, tk := range got.Tickets {
			if tk.Status != marquee.TicketCancelled {
				t.Fatalf("ticket %+v", tk)
			}
		}
		if m := lastMail(t, db, "hanako@example.com", mail.KindTicketSelfCancel); m == nil || !strings.Contains(m.Body, "21.00") {
			t.Fatalf("mail %+v", m)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = ?`, mail.KindTicketSelfCancel); n != 1 {
			t.Fatalf("%d mails", n)
		}
	})
}

// TestCancellationPolicyAudited: each change of the rule writes one entry
// in the festival's activity with the rule before and after (the fee only
// with the rule that uses it); setting the same rule again, or a refused
// one, writes nothing.
func TestCancellationPolicyAudited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		db, _, fx := selfCancelWorld(t, base)
		entries := func() []*marquee.FestivalActivity {
			t.Helper()
			p, err := db.Audit.FestivalActivity(as(fx.org), fx.fest.Slug, marquee.PageRequest{Page: 1})
			if err != nil {
				t.Fatal(err)
			}
			var out []*marquee.FestivalActivity
			for _, a := range p.Items {
				if a.Action == marquee.AuditCancellationPolicy {
					out = append(out, a)
				}
			}
			return out
		}
		set := func(p marquee.CancellationPolicy) error {
			_, err := db.Tickets.SetCancellationPolicy(as(fx.org), fx.fest.Slug, p)
			return err
		}
		fixed := marquee.CancellationPolicy{Enabled: true, CutoffHours: 48, Refund: marquee.CancelRefundFixedFee, FeeCents: 300}
		if err := set(fixed); err != nil {
			t.Fatal(err)
		}
		if err := set(fixed); err != nil {
			t.Fatal(err)
		}
		if err := set(marquee.CancellationPolicy{Enabled: true, CutoffHours: -1, Refund: marquee.CancelRefundFull}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("refused rule: %v", err)
		}
		if err := set(marquee.CancellationPolicy{Enabled: true, CutoffHours: 24, Refund: marquee.CancelRefundPercentFee, FeePercent: 10}); err != nil {
			t.Fatal(err)
		}
		if err := set(marquee.CancellationPolicy{}); err != nil {
			t.Fatal(err)
		}
		got := entries()
		if len(got) != 3 {
			t.Fatalf("%d entries, want 3: %+v", len(got), got)
		}
		// Newest first.
		want := [][2]string{
			{`{"cutoffHours":24,"enabled":true,"feePercent":10,"refund":"percent_fee"}`, `{"enabled":false}`},
			{`{"cutoffHours":48,"enabled":true,"feeCents":300,"refund":"fixed_fee"}`, `{"cutoffHours":24,"enabled":true,"feePercent":10,"refund":"percent_fee"}`},
			{`{"enabled":false}`, `{"cutoffHours":48,"enabled":true,"feeCents":300,"refund":"fixed_fee"}`},
		}
		for i, a := range got {
			if a.Actor != marquee.ActivityOrganiser || a.TargetType != "festival" || compactJSON(t, a.Before) != want[i][0] || compactJSON(t, a.After) != want[i][1] {
				t.Fatalf("entry %d: %+v before %s after %s, want %v", i, a, a.Before, a.After, want[i])
			}
		}
	})
}

// compactJSON is raw as compact JSON with sorted keys.
func compactJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}
