package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// ticketNow is the fixed "now" of the ticket tests.
var ticketNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// ticketFixture is an approved festival with a screening of capacity seats
// at priceCents, on sale at ticketNow, and its organiser.
type ticketFixture struct {
	db        *storetest.DB
	org       *marquee.User
	fest      *marquee.Festival
	screening *marquee.ManagedScreening
}

func newTicketFixture(t testing.TB, db *storetest.DB, capacity int, priceCents int64) *ticketFixture {
	t.Helper()
	setNow(db, ticketNow)
	org := newOrganiser(t, db, "org@example.com")
	f := mustCreate(t, db, org, festivalDetails("Screen Days"))
	approve(t, db, f.ID)
	sc, err := db.Tickets.CreateScreening(as(org), f.Slug, marquee.ScreeningInput{
		Title: "Opening night", Venue: "Hall 1", StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00",
		Capacity: capacity, PriceCents: priceCents, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00",
	})
	if err != nil {
		t.Fatal(err)
	}
	return &ticketFixture{db: db, org: org, fest: f, screening: sc}
}

// buyer creates a buyer account.
func (fx *ticketFixture) buyer(t testing.TB, email string) *marquee.User {
	t.Helper()
	u, err := fx.db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: "Buyer " + email, PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// seats reads the screening's sold and held counters.
func (fx *ticketFixture) seats(t testing.TB) (sold, held int) {
	t.Helper()
	l, err := fx.db.Tickets.ManagedScreenings(as(fx.org), fx.fest.Slug)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range l.Items {
		if m.ID == fx.screening.ID {
			return m.Sold, m.Held
		}
	}
	t.Fatalf("screening %d not listed", fx.screening.ID)
	return 0, 0
}

func (fx *ticketFixture) order(t testing.TB, u *marquee.User, q int) *marquee.TicketOrder {
	t.Helper()
	o, err := fx.db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: q})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func wantMessage(t testing.TB, err error, code, msg string) {
	t.Helper()
	var e *marquee.Error
	if !errors.As(err, &e) || e.Code != code || e.Message != msg {
		t.Fatalf("error %v, want %s %q", err, code, msg)
	}
}

// TestTicketCapacityEdge: the 100th seat sells, the 101st is "Sold out";
// an order for more than remain says how many do.
func TestTicketCapacityEdge(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 100, 0)
		u := fx.buyer(t, "b@example.com")
		for i := 0; i < 9; i++ {
			fx.order(t, u, 10) // 90 seats
		}
		fx.order(t, u, 9) // 99
		_, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: 2})
		wantMessage(t, err, marquee.EConflict, "Only 1 ticket left")
		last := fx.order(t, u, 1) // the 100th seat
		if last.Status != marquee.OrderPaid || len(last.Tickets) != 1 {
			t.Fatalf("100th seat: %+v", last)
		}
		_, err = db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: 1})
		wantMessage(t, err, marquee.EConflict, "Sold out")
		if sold, held := fx.seats(t); sold != 100 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		page, err := db.Tickets.Tickets(as(u), marquee.PageRequest{Page: 1})
		if err != nil || page.Total != 100 || len(page.Items) != marquee.TicketsPerPage {
			t.Fatalf("tickets: %v %+v", err, page)
		}
		codes := map[string]bool{}
		for _, tk := range page.Items {
			if !marquee.ValidTicketCode(tk.Code) || codes[tk.Code] {
				t.Fatalf("code %q", tk.Code)
			}
			codes[tk.Code] = true
		}
	})
}

// TestTicketHoldExpiresThroughWorker: a pending hold is released by the
// worker's tick once it passes, exactly once, with nobody on the page.
func TestTicketHoldExpiresThroughWorker(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 5, 1500)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 4)
		if o.Status != marquee.OrderPending || !o.HoldExpiresAt.Equal(ticketNow.Add(marquee.TicketHoldDuration)) {
			t.Fatalf("order: %+v", o)
		}
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Tickets: db.Tickets, Clock: db.Clock.Now}
		setNow(db, ticketNow.Add(9*time.Minute))
		if err := w.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, held := fx.seats(t); held != 4 {
			t.Fatalf("released early: held %d", held)
		}
		setNow(db, ticketNow.Add(10*time.Minute))
		for range 2 {
			if err := w.Tick(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("after expiry: sold %d held %d", sold, held)
		}
		got, err := db.Tickets.Order(as(u), o.ID)
		if err != nil || got.Status != marquee.OrderExpired {
			t.Fatalf("order after expiry: %v %+v", err, got)
		}
		_, err = db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"})
		wantMessage(t, err, marquee.EConflict, "Your reservation has expired")
	})
}

// TestTicketSettleOnce: a success event delivered many times, at once,
// sells the seats and issues the tickets once; a failure after it changes
// nothing; a refund invalidates the tickets and gives the seats back once.
func TestTicketSettleOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1000)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 3)
		ev := marquee.PaymentEvent{ID: "evt_1", Type: marquee.PaymentSucceeded, Reference: "test_pi_once", TicketOrderID: o.ID, AmountCents: 3000}
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				if _, err := db.Payments.Settle(context.Background(), ev); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		// By reference only, as a webhook without metadata would.
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, Reference: "test_pi_once"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentFailed, TicketOrderID: o.ID, Message: "late"}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Tickets.Order(as(u), o.ID)
		if err != nil || got.Status != marquee.OrderPaid || len(got.Tickets) != 3 {
			t.Fatalf("settled: %v %+v", err, got)
		}
		if sold, held := fx.seats(t); sold != 3 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		// A wrong amount is refused.
		_, err = db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, TicketOrderID: o.ID, AmountCents: 1})
		wantCode(t, err, marquee.EInvalid)
		for range 2 {
			if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, Reference: "test_pi_once"}); err != nil {
				t.Fatal(err)
			}
		}
		got, _ = db.Tickets.Order(as(u), o.ID)
		if got.Status != marquee.OrderRefunded {
			t.Fatalf("refund: %+v", got)
		}
		for _, tk := range got.Tickets {
			if tk.Status != marquee.TicketRefunded {
				t.Fatalf("ticket after refund: %+v", tk)
			}
			res, err := db.Tickets.CheckIn(as(fx.org), fx.fest.Slug, marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: tk.Code})
			if err != nil || res.Result != marquee.CheckInCancelled {
				t.Fatalf("refunded ticket at the door: %v %+v", err, res)
			}
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("after refund: sold %d held %d", sold, held)
		}
	})
}

// TestTicketFailureReleasesOnce: a declined payment keeps the hold while
// it lasts; after it, a failure gives the seats back once, however often
// it is reported.
func TestTicketFailureReleasesOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1000)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 2)
		fx.order(t, u, 3)
		res, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_chargeDeclined"})
		if err != nil || res.Order.Status != marquee.OrderPending || res.Order.FailureMessage != "Your card was declined." {
			t.Fatalf("declined (the hold kept for a retry): %v %+v", err, res)
		}
		// Once the hold has passed, a failure releases it, once.
		setNow(db, ticketNow.Add(marquee.TicketHoldDuration))
		for range 3 {
			if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentFailed, TicketOrderID: o.ID}); err != nil {
				t.Fatal(err)
			}
		}
		if _, held := fx.seats(t); held != 3 {
			t.Fatalf("held %d, want the other order's 3", held)
		}
	})
}

// TestTicketLatePayment: a payment that succeeds after its hold was
// released takes the seats again when some remain; when none do it is
// refunded through the provider and the order says so.
func TestTicketLatePayment(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 2, 1000)
		u := fx.buyer(t, "b@example.com")
		a := fx.order(t, u, 1)
		b := fx.order(t, u, 1)
		setNow(db, ticketNow.Add(11*time.Minute))
		if n, err := db.Tickets.ReleaseExpiredHolds(context.Background()); err != nil || n != 2 {
			t.Fatalf("released %d %v", n, err)
		}
		// a's payment arrives late: a seat is free, so it is sold.
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, TicketOrderID: a.ID, Reference: "test_pi_a"}); err != nil {
			t.Fatal(err)
		}
		// Someone else takes the last seat.
		c := fx.order(t, fx.buyer(t, "c@example.com"), 1)
		if c.Status != marquee.OrderPending {
			t.Fatalf("c: %+v", c)
		}
		// b's payment arrives late with no seat left: refunded.
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, TicketOrderID: b.ID, Reference: "test_pi_b"}); err != nil {
			t.Fatal(err)
		}
		ga, _ := db.Tickets.Order(as(u), a.ID)
		gb, _ := db.Tickets.Order(as(u), b.ID)
		if ga.Status != marquee.OrderPaid || len(ga.Tickets) != 1 {
			t.Fatalf("a: %+v", ga)
		}
		if gb.Status != marquee.OrderRefunded || len(gb.Tickets) != 0 || gb.FailureMessage != marquee.ErrLatePaymentRefunded().Message {
			t.Fatalf("b: %+v", gb)
		}
		if sold, held := fx.seats(t); sold != 1 || held != 1 {
			t.Fatalf("sold %d held %d", sold, held)
		}
	})
}

// TestTicketPaymentAfterCancel: a payment that arrives after its
// screening was cancelled (the hold cancelled with it) is refunded, and
// the buyer is told the screening was cancelled, not that it sold out.
func TestTicketPaymentAfterCancel(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1000)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 2)
		if _, err := db.Tickets.CancelScreening(as(fx.org), fx.fest.Slug, fx.screening.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, TicketOrderID: o.ID, Reference: "test_pi_cancelled"}); err != nil {
			t.Fatal(err)
		}
		got, err := db.Tickets.Order(as(u), o.ID)
		if err != nil || got.Status != marquee.OrderRefunded || len(got.Tickets) != 0 || got.FailureMessage != marquee.ErrCancelledPaymentRefunded().Message {
			t.Fatalf("order: %v %+v", err, got)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
	})
}

// TestTicketConcurrentCheckIn: many doors scan one ticket at once; exactly
// one is told "valid", the others "used" with the time of first use.
func TestTicketConcurrentCheckIn(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 0)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 1)
		code := o.Tickets[0].Code
		const doors = 12
		results := make([]*marquee.CheckInResult, doors)
		var wg sync.WaitGroup
		for i := range doors {
			wg.Go(func() {
				r, err := db.Tickets.CheckIn(as(fx.org), fx.fest.Slug, marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: code})
				if err != nil {
					t.Error(err)
					return
				}
				results[i] = r
			})
		}
		wg.Wait()
		valid := 0
		for _, r := range results {
			switch {
			case r == nil:
			case r.Result == marquee.CheckInValid:
				valid++
			case r.Result != marquee.CheckInUsed || r.FirstUsedAt == nil:
				t.Errorf("result %+v", r)
			}
		}
		if valid != 1 {
			t.Fatalf("%d doors were told valid", valid)
		}
	})
}

// TestTicketDoorPermissions: only the festival's team and its door staff
// check in; door staff do not manage; buyers see only their own.
func TestTicketDoorPermissions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 0)
		u := fx.buyer(t, "b@example.com")
		stranger := fx.buyer(t, "s@example.com")
		staff := fx.buyer(t, "door@example.com")
		o := fx.order(t, u, 1)
		req := marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: o.Tickets[0].Code}
		_, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, req)
		wantCode(t, err, marquee.ENotFound)
		if _, err := db.Tickets.AddDoorStaff(as(fx.org), fx.fest.Slug, "DOOR@example.com"); err != nil {
			t.Fatal(err)
		}
		if r, err := db.Tickets.CheckIn(as(staff), fx.fest.Slug, req); err != nil || r.Result != marquee.CheckInValid {
			t.Fatalf("door staff: %v %+v", err, r)
		}
		_, err = db.Tickets.ManagedScreenings(as(staff), fx.fest.Slug)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.CheckIn(as(u), fx.fest.Slug, req)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.Order(as(stranger), o.ID)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.Ticket(as(stranger), o.Tickets[0].ID)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.Ticket(context.Background(), o.Tickets[0].ID)
		wantCode(t, err, marquee.EUnauthorized)
		if r, err := db.Tickets.CheckIn(adminCtx(t, db), fx.fest.Slug, req); err != nil || r.Result != marquee.CheckInUsed {
			t.Fatalf("admin: %v %+v", err, r)
		}
	})
}

// TestTicketWebhookAndCancel: a verified webhook settles a ticket order
// (once, however often it comes); cancelling the screening refunds the
// paid order through the provider with its own idempotency key, cancels
// its tickets, releases the holds and e-mails the buyer; a second cancel
// refunds nothing more.
func TestTicketWebhookAndCancel(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, base *storetest.DB) {
		fp := newFakeProvider()
		compose := func(kind string) marquee.ComposeTicketMail {
			return func(o *marquee.TicketOrder) marquee.Mail {
				return marquee.Mail{Kind: kind, To: o.BuyerEmail, Subject: o.Screening.Title, Body: fmt.Sprintf("%d tickets", len(o.Tickets))}
			}
		}
		svc, err := store.NewServices(base.DB, store.Options{Clock: base.Clock.Now, Password: storetest.FastPasswords,
			Payments: store.PaymentOptions{Provider: fp},
			Tickets:  store.TicketOptions{ComposeConfirmation: compose("ticket-confirmation"), ComposeCancellation: compose("ticket-cancellation")}})
		if err != nil {
			t.Fatal(err)
		}
		db := &storetest.DB{DB: base.DB, Services: svc, Clock: base.Clock}
		fx := newTicketFixture(t, db, 10, 1200)
		u := fx.buyer(t, "b@example.com")
		o := fx.order(t, u, 2)
		fx.order(t, fx.buyer(t, "c@example.com"), 3) // a hold
		payload := fmt.Sprintf(`{"ID":"evt_w","Type":"payment_intent.succeeded","Reference":"pi_w","TicketOrderID":%d,"AmountCents":2400}`, o.ID)
		for range 2 {
			p, err := db.Payments.Webhook(context.Background(), []byte(payload), "good")
			if err != nil || p != nil {
				t.Fatalf("webhook: %v %+v", err, p)
			}
		}
		got, _ := db.Tickets.Order(as(u), o.ID)
		if got.Status != marquee.OrderPaid || len(got.Tickets) != 2 {
			t.Fatalf("after webhook: %+v", got)
		}
		for range 2 {
			m, err := db.Tickets.CancelScreening(as(fx.org), fx.fest.Slug, fx.screening.ID)
			if err != nil || m.Status != marquee.ScreeningCancelled || m.Sold != 0 || m.Held != 0 || m.CancelledAt == nil {
				t.Fatalf("cancel: %v %+v", err, m)
			}
		}
		if key := fp.refunds["pi_w"]; key != marquee.TicketRefundKey(o.ID) || len(fp.refunds) != 1 {
			t.Fatalf("refunds %v", fp.refunds)
		}
		got, _ = db.Tickets.Order(as(u), o.ID)
		if got.Status != marquee.OrderRefunded || got.Tickets[0].Status != marquee.TicketCancelled {
			t.Fatalf("after cancel: %+v", got)
		}
		mails, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}})
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, m := range mails.Items {
			kinds[m.Kind]++
		}
		if kinds["ticket-confirmation"] != 1 || kinds["ticket-cancellation"] != 1 {
			t.Fatalf("mails %v", kinds)
		}
	})
}
