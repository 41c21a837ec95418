package store_test

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// offerLink finds the offer link's token in the last waiting-list offer
// e-mailed to email ("" when none).
func offerToken(t testing.TB, db *storetest.DB, email string) (string, int) {
	t.Helper()
	mails, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		t.Fatal(err)
	}
	token, n := "", 0
	re := regexp.MustCompile(`/waitlist/offers/([A-Za-z0-9_-]+)`)
	for _, m := range mails.Items {
		if m.Kind != mail.KindWaitlistOffer || m.To != email {
			continue
		}
		n++
		if token == "" { // newest first
			if sub := re.FindStringSubmatch(m.Body); sub != nil {
				token = sub[1]
			}
		}
	}
	return token, n
}

// withWaitlistMail wraps db's store with the offer e-mails and a 30-minute
// offer, as `marquee serve` runs it.
func withWaitlistMail(t testing.TB, raw *store.DB) *storetest.DB {
	t.Helper()
	db := storetest.Wrap(t, raw)
	svc, err := store.NewServices(raw, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Tickets: store.TicketOptions{
			ComposeConfirmation:  mail.Composer{PublicURL: "https://marquee.example"}.TicketConfirmation,
			ComposeWaitlistOffer: mail.Composer{PublicURL: "https://marquee.example"}.WaitlistOffer,
			WaitlistOfferFor:     30 * time.Minute,
		}})
	if err != nil {
		t.Fatal(err)
	}
	db.Services = svc
	return db
}

// TestWaitlistOfferAfterCancellation: a sold-out screening's list is
// offered the seats a cancellation gives back, in order (the next entry
// waits while its seats are not free); the offer e-mail's link is its
// owner's only; claiming keeps the held seats (no second count), once; an
// unused offer lapses and passes to the next entry.
func TestWaitlistOfferAfterCancellation(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, raw *storetest.DB) {
		db := withWaitlistMail(t, raw.DB)
		fx := newTicketFixture(t, db, 2, 1500)
		a, b, c := fx.buyer(t, "a@example.com"), fx.buyer(t, "b@example.com"), fx.buyer(t, "c@example.com")
		_, err := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1})
		wantMessage(t, err, marquee.EConflict, "Seats are still available: buy them instead of waiting")
		if _, err := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 11}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("11 seats: %v", err)
		}
		held := fx.order(t, a, 2) // sold out (held)
		eb, err := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1, Language: "ja"})
		if err != nil || eb.Status != marquee.WaitlistWaiting || eb.Ahead != 0 {
			t.Fatalf("b joins: %+v %v", eb, err)
		}
		if again, err := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1}); err != nil || again.ID != eb.ID {
			t.Fatalf("b joins again: %+v %v", again, err)
		}
		ec, err := db.Tickets.JoinWaitlist(as(c), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 2})
		if err != nil || ec.Ahead != 1 {
			t.Fatalf("c joins: %+v %v", ec, err)
		}
		if _, err := db.Tickets.MyWaitlistEntry(as(a), fx.screening.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("a's entry: %v", err)
		}

		// The cancellation gives 2 seats back: b (1 seat) is offered at
		// once; c (2 seats) waits, as only 1 is free to anyone else.
		if _, err := db.Tickets.CancelOrder(as(a), held.ID); err != nil {
			t.Fatal(err)
		}
		if sold, h := fx.seats(t); sold != 0 || h != 1 {
			t.Fatalf("after the cancellation: sold %d held %d, want the offer's 1 held", sold, h)
		}
		token, n := offerToken(t, db, "b@example.com")
		if token == "" || n != 1 {
			t.Fatalf("offer mails to b: %d (token %q)", n, token)
		}
		if _, n := offerToken(t, db, "c@example.com"); n != 0 {
			t.Fatalf("c was offered seats that are not free: %d", n)
		}
		mails, _ := db.Mail.List(adminCtx(t, db), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1}})
		if m := mails.Items[0]; m.Language != "ja" || !strings.Contains(m.Subject, "Opening night") {
			t.Fatalf("offer mail: %+v", m)
		}
		if eb, err = db.Tickets.MyWaitlistEntry(as(b), fx.screening.ID); err != nil || eb.Status != marquee.WaitlistOffered || eb.OfferExpiresAt == nil ||
			!eb.OfferExpiresAt.Equal(ticketNow.Add(30*time.Minute)) {
			t.Fatalf("b's entry: %+v %v", eb, err)
		}
		// Only b's link: c (and a stranger's token) see nothing.
		if _, err := db.Tickets.WaitlistOffer(as(c), token); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("c reads b's offer: %v", err)
		}
		if _, err := db.Tickets.ClaimWaitlistOffer(as(c), token); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("c claims b's offer: %v", err)
		}
		if _, err := db.Tickets.ClaimWaitlistOffer(as(b), "not-a-token"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("unknown token: %v", err)
		}
		offer, err := db.Tickets.WaitlistOffer(as(b), token)
		if err != nil || offer.Quantity != 1 || offer.Status != marquee.WaitlistOffered || offer.Screening.ID != fx.screening.ID {
			t.Fatalf("offer: %+v %v", offer, err)
		}
		o, err := db.Tickets.ClaimWaitlistOffer(as(b), token)
		if err != nil || o.Status != marquee.OrderPending || o.Quantity != 1 || o.AmountCents != 1500 {
			t.Fatalf("claim: %+v %v", o, err)
		}
		if again, err := db.Tickets.ClaimWaitlistOffer(as(b), token); err != nil || again.ID != o.ID {
			t.Fatalf("claim again: %+v %v", again, err)
		}
		if sold, h := fx.seats(t); sold != 0 || h != 1 {
			t.Fatalf("after the claim: sold %d held %d (the offer's seat counted once)", sold, h)
		}
		// b's order expires: its seat, with the other free one, goes to c.
		setNow(db, ticketNow.Add(marquee.TicketHoldDuration))
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Tickets: db.Tickets, Waitlist: db.Tickets, Clock: db.Clock.Now}
		if err := w.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		tokenC, n := offerToken(t, db, "c@example.com")
		if tokenC == "" || n != 1 {
			t.Fatalf("c's offer mails: %d", n)
		}
		if sold, h := fx.seats(t); sold != 0 || h != 2 {
			t.Fatalf("c's offer: sold %d held %d", sold, h)
		}
		// c lets it lapse: the seats come back, and nobody else waits.
		setNow(db, ticketNow.Add(marquee.TicketHoldDuration+30*time.Minute))
		if err := w.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
		if sold, h := fx.seats(t); sold != 0 || h != 0 {
			t.Fatalf("after the lapse: sold %d held %d", sold, h)
		}
		if _, err := db.Tickets.ClaimWaitlistOffer(as(c), tokenC); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("a lapsed offer claimed: %v", err)
		}
		if off, err := db.Tickets.WaitlistOffer(as(c), tokenC); err != nil || off.Status != marquee.WaitlistLapsed {
			t.Fatalf("lapsed offer: %+v %v", off, err)
		}
	})
}

// TestWaitlistLeaveGivesOfferBack: leaving with an open offer gives its
// seats to the next entry.
func TestWaitlistLeaveGivesOfferBack(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, raw *storetest.DB) {
		db := withWaitlistMail(t, raw.DB)
		fx := newTicketFixture(t, db, 1, 1500)
		a, b, c := fx.buyer(t, "a@example.com"), fx.buyer(t, "b@example.com"), fx.buyer(t, "c@example.com")
		held := fx.order(t, a, 1)
		eb, _ := db.Tickets.JoinWaitlist(as(b), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1})
		if _, err := db.Tickets.JoinWaitlist(as(c), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.CancelOrder(as(a), held.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.Tickets.LeaveWaitlist(as(c), eb.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("c leaves b's entry: %v", err)
		}
		if err := db.Tickets.LeaveWaitlist(as(b), eb.ID); err != nil {
			t.Fatal(err)
		}
		if _, n := offerToken(t, db, "c@example.com"); n != 1 {
			t.Fatalf("c's offers: %d", n)
		}
		if _, h := fx.seats(t); h != 1 {
			t.Fatalf("held %d", h)
		}
	})
}

// TestWaitlistOfferedOnceAcrossNodes: two nodes release the same expired
// hold and offer the freed seat at once, several times over: the first
// entry is offered exactly once (one e-mail, one held seat); then its
// owner claims it on both nodes at once: one order.
func TestWaitlistOfferedOnceAcrossNodes(t *testing.T) {
	storetest.ForEachShared(t, func(t *testing.T, ra, rb *store.DB) {
		a, b := withWaitlistMail(t, ra), withWaitlistMail(t, rb)
		b.Clock = a.Clock
		fx := newTicketFixture(t, a, 1, 1500)
		nb, err := store.NewServices(rb, store.Options{Clock: a.Clock.Now, Password: storetest.FastPasswords,
			Tickets: store.TicketOptions{ComposeWaitlistOffer: mail.Composer{PublicURL: "https://marquee.example"}.WaitlistOffer, WaitlistOfferFor: 30 * time.Minute}})
		if err != nil {
			t.Fatal(err)
		}
		b.Services = nb
		holder := fx.buyer(t, "holder@example.com")
		fx.order(t, holder, 1)
		var users []*marquee.User
		for _, e := range []string{"w1@example.com", "w2@example.com", "w3@example.com", "w4@example.com"} {
			u := fx.buyer(t, e)
			if _, err := a.Tickets.JoinWaitlist(as(u), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1}); err != nil {
				t.Fatal(err)
			}
			users = append(users, u)
		}
		setNow(a, ticketNow.Add(marquee.TicketHoldDuration))
		var wg sync.WaitGroup
		for round := 0; round < 3; round++ {
			for _, n := range []*storetest.DB{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := n.Tickets.ReleaseExpiredHolds(context.Background()); err != nil {
						t.Error(err)
					}
					if _, err := n.Tickets.OfferFreedSeats(context.Background()); err != nil {
						t.Error(err)
					}
				}()
			}
		}
		wg.Wait()
		token, n := offerToken(t, a, "w1@example.com")
		if n != 1 || token == "" {
			t.Fatalf("w1's offers: %d", n)
		}
		for _, e := range []string{"w2@example.com", "w3@example.com", "w4@example.com"} {
			if _, n := offerToken(t, a, e); n != 0 {
				t.Fatalf("%s offered the same seat: %d", e, n)
			}
		}
		if sold, held := fx.seats(t); sold != 0 || held != 1 {
			t.Fatalf("sold %d held %d", sold, held)
		}
		// Two claims at once, one per node: one order.
		ids := make(chan int64, 2)
		for _, n := range []*storetest.DB{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, err := n.Tickets.ClaimWaitlistOffer(as(users[0]), token)
				if err != nil && marquee.ErrorCode(err) != marquee.ENotFound {
					t.Error(err)
				}
				if o != nil {
					ids <- o.ID
				}
			}()
		}
		wg.Wait()
		close(ids)
		var first int64
		for id := range ids {
			if first != 0 && id != first {
				t.Fatalf("two orders from one offer: %d and %d", first, id)
			}
			first = id
		}
		page, err := a.Tickets.Tickets(as(users[0]), marquee.PageRequest{Page: 1})
		if err != nil || first == 0 || page.Total != 0 {
			t.Fatalf("claims: order %d, tickets %+v %v", first, page, err)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 1 {
			t.Fatalf("after the claims: sold %d held %d", sold, held)
		}
	})
}

// TestWaitlistAccountDeletionGivesOfferBack: deleting an account with an
// open offer removes its entries and gives the offer's held seats back.
func TestWaitlistAccountDeletionGivesOfferBack(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 1, 1500)
		a := fx.buyer(t, "a@example.com")
		const pw = "waiting person password"
		w, err := db.Users.Register(context.Background(), marquee.NewUser{Email: "waiting@example.com", Password: pw, Name: "Waiting", Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		held := fx.order(t, a, 1)
		if _, err := db.Tickets.JoinWaitlist(as(w), marquee.WaitlistJoinRequest{ScreeningID: fx.screening.ID, Quantity: 1}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.CancelOrder(as(a), held.ID); err != nil {
			t.Fatal(err)
		}
		if _, h := fx.seats(t); h != 1 {
			t.Fatalf("offer held %d", h)
		}
		if err := db.Privacy.DeleteAccount(as(w), marquee.AccountDeletion{Password: pw}); err != nil {
			t.Fatal(err)
		}
		if _, h := fx.seats(t); h != 0 {
			t.Fatalf("after the deletion: held %d", h)
		}
	})
}
