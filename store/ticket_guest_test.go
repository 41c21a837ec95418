package store_test

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store/storetest"
)

// mailToken is the token after marker in the newest e-mail of kind to
// address ("" when none), and how many such e-mails there are.
func mailToken(t testing.TB, db *storetest.DB, to, kind, marker string) (string, int) {
	t.Helper()
	mails, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(regexp.QuoteMeta(marker) + `([A-Za-z0-9_-]+)`)
	token, n := "", 0
	for _, m := range mails.Items {
		if m.Kind != kind || m.To != to {
			continue
		}
		n++
		if sub := re.FindStringSubmatch(m.Body); token == "" && sub != nil {
			token = sub[1]
		}
	}
	return token, n
}

func guestOrder(fx *ticketFixture, q int, name, email string) marquee.GuestOrderRequest {
	return marquee.GuestOrderRequest{
		OrderRequest: marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: q, Language: "ja"},
		GuestBuyer:   marquee.GuestBuyer{Name: name, Email: email},
	}
}

// TestGuestOrderLinkAndClaim: a visitor buys without an account (name and
// address checked with clear messages); the order's link, and the
// confirmation e-mail's own, open it and its tickets, nothing else, until
// the screening ends; an account with the address claims it only once the
// address is confirmed, and then lists its tickets.
func TestGuestOrderLinkAndClaim(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 5, 1500)
		ctx := context.Background()

		_, err := db.Tickets.CreateGuestOrder(ctx, guestOrder(fx, 2, "  ", "hanako@example.com"))
		wantField(t, err, "name", "Type your name")
		_, err = db.Tickets.CreateGuestOrder(ctx, guestOrder(fx, 2, "Hanako", "not-an-address"))
		wantField(t, err, "email", "Type a valid e-mail address, like name@example.com")
		if sold, held := fx.seats(t); sold != 0 || held != 0 {
			t.Fatalf("a refused order took seats: %d %d", sold, held)
		}

		res, err := db.Tickets.CreateGuestOrder(ctx, guestOrder(fx, 2, " Hanako  Yamada ", "Hanako@Example.com"))
		if err != nil || res.Token == "" || res.Order.Status != marquee.OrderPending || !res.Order.Guest {
			t.Fatalf("guest order: %+v %v", res, err)
		}
		if res.Order.BuyerEmail != "hanako@example.com" || res.Order.BuyerName != "Hanako Yamada" {
			t.Fatalf("buyer: %q %q", res.Order.BuyerEmail, res.Order.BuyerName)
		}
		if _, held := fx.seats(t); held != 2 {
			t.Fatalf("held %d, want 2", held)
		}
		if _, err := db.Tickets.GuestOrder(ctx, "wrong-token"); marquee.ErrorMessage(err) != "This link is wrong or has expired" {
			t.Fatalf("wrong token: %v", err)
		}
		paid, err := db.Tickets.PayGuestOrder(ctx, res.Token, marquee.TicketPayRequest{Country: "JP", PaymentMethod: "pm_card_visa"})
		if err != nil || paid.Order.Status != marquee.OrderPaid || len(paid.Order.Tickets) != 2 {
			t.Fatalf("pay: %+v %v", paid, err)
		}
		if sold, held := fx.seats(t); sold != 2 || held != 0 {
			t.Fatalf("after paying: sold %d held %d", sold, held)
		}
		if h := paid.Order.Tickets[0].HolderName; h != "Hanako Yamada" {
			t.Fatalf("holder %q", h)
		}
		// The organiser's list and the door know the guest by name and address.
		orders, err := db.Tickets.ScreeningOrders(as(fx.org), fx.fest.Slug, fx.screening.ID)
		if err != nil || len(orders) != 1 || orders[0].BuyerName != "Hanako Yamada" || orders[0].BuyerEmail != "hanako@example.com" {
			t.Fatalf("organiser's orders: %+v %v", orders, err)
		}
		holders, err := db.Tickets.SearchHolders(as(fx.org), fx.fest.Slug, marquee.HolderQuery{Q: "hanako"})
		if err != nil || len(holders) != 2 || holders[0].HolderName != "Hanako Yamada" {
			t.Fatalf("door search: %+v %v", holders, err)
		}

		// The confirmation, in Japanese, carries its own link.
		link, n := mailToken(t, db, "hanako@example.com", mail.KindTicketConfirmation, "/orders/guest/")
		if n != 1 || link == "" || link == res.Token {
			t.Fatalf("confirmation link %q (%d mails)", link, n)
		}
		o, err := db.Tickets.GuestOrder(ctx, link)
		if err != nil || o.ID != res.Order.ID || len(o.Tickets) != 2 {
			t.Fatalf("by the mailed link: %+v %v", o, err)
		}
		tk, err := db.Tickets.GuestTicket(ctx, link, o.Tickets[1].ID)
		if err != nil || tk.Code != o.Tickets[1].Code {
			t.Fatalf("guest ticket: %+v %v", tk, err)
		}

		// Another order's link does not open this order's tickets.
		other := fx.buyer(t, "other@example.com")
		theirs := fx.order(t, other, 1)
		if _, err := db.Tickets.PayOrder(as(other), theirs.ID, marquee.TicketPayRequest{Country: "JP", PaymentMethod: "pm_card_visa"}); err != nil {
			t.Fatal(err)
		}
		mine, _ := db.Tickets.Order(as(other), theirs.ID)
		if _, err := db.Tickets.GuestTicket(ctx, link, mine.Tickets[0].ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another order's ticket by this link: %v", err)
		}

		// An account with the address claims nothing until confirmed.
		u, err := db.Users.Register(ctx, marquee.NewUser{Email: "hanako@example.com", Password: "hanako password 1", Name: "H", Language: "ja"})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := db.Tickets.ClaimGuestOrders(as(u)); err != nil || n != 0 {
			t.Fatalf("unconfirmed claim: %d %v", n, err)
		}
		// Another confirmed account claims nothing either.
		if n, err := db.Tickets.ClaimGuestOrders(as(other)); err != nil || n != 0 {
			t.Fatalf("other's claim: %d %v", n, err)
		}
		if _, err := db.Users.VerifyEmail(ctx, linkToken(t, lastMail(t, db, "hanako@example.com", marquee.MailKindVerification), "/verify-email?token=")); err != nil {
			t.Fatal(err)
		}
		if n, err := db.Tickets.ClaimGuestOrders(as(u)); err != nil || n != 1 {
			t.Fatalf("confirmed claim: %d %v", n, err)
		}
		if n, err := db.Tickets.ClaimGuestOrders(as(u)); err != nil || n != 0 {
			t.Fatalf("second claim: %d %v", n, err)
		}
		list, err := db.Tickets.Tickets(as(u), marquee.PageRequest{Page: 1})
		if err != nil || len(list.Items) != 2 {
			t.Fatalf("claimed tickets: %+v %v", list, err)
		}
		if _, err := db.Tickets.Order(as(u), res.Order.ID); err != nil {
			t.Fatalf("claimed order: %v", err)
		}
		if _, err := db.Tickets.Order(as(other), res.Order.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other reads it: %v", err)
		}

		// The link works until the screening ends.
		setNow(db, time.Date(2026, 3, 15, 21, 0, 0, 0, time.UTC))
		if _, err := db.Tickets.GuestOrder(ctx, link); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("after the screening: %v", err)
		}
	})
}

// TestGuestOrdersNeverOversell: guests and signed-in buyers order one
// seat each at once; exactly the capacity is held, whoever they are.
func TestGuestOrdersNeverOversell(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 7, 1500)
		const n = 16
		users := make([]*marquee.User, n)
		for i := range users {
			if i%2 == 1 {
				users[i] = fx.buyer(t, "buyer"+string(rune('a'+i))+"@example.com")
			}
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, soldOut := 0, 0
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if users[i] == nil {
					_, err = db.Tickets.CreateGuestOrder(context.Background(), guestOrder(fx, 1, "Guest", "guest"+string(rune('a'+i))+"@example.com"))
				} else {
					_, err = db.Tickets.CreateOrder(as(users[i]), marquee.OrderRequest{ScreeningID: fx.screening.ID, Quantity: 1})
				}
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case marquee.ErrorCode(err) == marquee.EConflict:
					soldOut++
				default:
					t.Errorf("order %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if sold, held := fx.seats(t); ok != 7 || soldOut != n-7 || sold+held != 7 {
			t.Fatalf("%d held, %d refused; counters sold %d held %d; want 7 of capacity 7", ok, soldOut, sold, held)
		}
	})
}

// TestGuestWaitlistConfirmedOnly: a visitor's request joins the queue only
// once its e-mailed link is opened (an unconfirmed request is never
// offered, even when seats come back); the confirmed visitor's offer
// comes by e-mail with a guest link, and claiming it holds the offered
// seat exactly as a signed-in claim (no second count) as a guest order;
// the link leaves the list.
func TestGuestWaitlistConfirmedOnly(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 1, 1500)
		ctx := context.Background()
		a := fx.buyer(t, "a@example.com")
		join := func(email string) error {
			return db.Tickets.JoinGuestWaitlist(ctx, marquee.GuestWaitlistRequest{ScreeningID: fx.screening.ID, Email: email, Quantity: 1, Language: "ja"})
		}
		wantMessage(t, join("x@example.com"), marquee.EConflict, "Seats are still available: buy them instead of waiting")
		held := fx.order(t, a, 1)
		wantField(t, join("nope"), "email", "Type a valid e-mail address, like name@example.com")
		if err := join("X@example.com"); err != nil {
			t.Fatal(err)
		}
		if err := join("y@example.com"); err != nil {
			t.Fatal(err)
		}
		xTok, n := mailToken(t, db, "x@example.com", mail.KindGuestWaitlist, "/waitlist/guest/")
		yTok, _ := mailToken(t, db, "y@example.com", mail.KindGuestWaitlist, "/waitlist/guest/")
		if xTok == "" || yTok == "" || n != 1 {
			t.Fatalf("confirmation mails: %q %q %d", xTok, yTok, n)
		}

		// Nobody confirmed: the freed seat is offered to nobody.
		if _, err := db.Tickets.CancelOrder(as(a), held.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.OfferFreedSeats(ctx); err != nil {
			t.Fatal(err)
		}
		if _, held := fx.seats(t); held != 0 {
			t.Fatalf("an unconfirmed request was offered: held %d", held)
		}
		if _, n := mailToken(t, db, "x@example.com", mail.KindWaitlistOffer, "/waitlist/guest-offers/"); n != 0 {
			t.Fatalf("offer mails to an unconfirmed address: %d", n)
		}

		// Sold out again; x confirms (twice: one place), y leaves.
		held = fx.order(t, a, 1)
		e, err := db.Tickets.ConfirmGuestWaitlist(ctx, xTok)
		if err != nil || e.Status != marquee.WaitlistWaiting || e.Ahead != 0 || e.Screening.ID != fx.screening.ID {
			t.Fatalf("x confirms: %+v %v", e, err)
		}
		if again, err := db.Tickets.ConfirmGuestWaitlist(ctx, xTok); err != nil || again.Ahead != 0 {
			t.Fatalf("x confirms again: %+v %v", again, err)
		}
		if err := db.Tickets.LeaveGuestWaitlist(ctx, yTok); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.ConfirmGuestWaitlist(ctx, yTok); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("y confirms after leaving: %v", err)
		}
		if _, err := db.Tickets.ConfirmGuestWaitlist(ctx, "wrong"); marquee.ErrorMessage(err) != "This link is wrong or has expired" {
			t.Fatalf("wrong token: %v", err)
		}

		// The cancellation's seat is offered to x by e-mail.
		if _, err := db.Tickets.CancelOrder(as(a), held.ID); err != nil {
			t.Fatal(err)
		}
		offer, n := mailToken(t, db, "x@example.com", mail.KindWaitlistOffer, "/waitlist/guest-offers/")
		if offer == "" || n != 1 {
			t.Fatalf("offer to x: %q %d", offer, n)
		}
		if _, held := fx.seats(t); held != 1 {
			t.Fatalf("the offer holds %d", held)
		}
		if v, err := db.Tickets.GuestWaitlistOffer(ctx, offer); err != nil || v.Status != marquee.WaitlistOffered {
			t.Fatalf("offer: %+v %v", v, err)
		}
		// A signed-in stranger's claim of a guest's offer fails.
		if _, err := db.Tickets.ClaimWaitlistOffer(as(a), offer); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("a claims x's offer: %v", err)
		}
		_, err = db.Tickets.ClaimGuestWaitlistOffer(ctx, offer, marquee.GuestOfferClaim{Name: " "})
		wantField(t, err, "name", "Type your name")
		res, err := db.Tickets.ClaimGuestWaitlistOffer(ctx, offer, marquee.GuestOfferClaim{Name: "Ex Guest"})
		if err != nil || res.Order.Status != marquee.OrderPending || !res.Order.Guest || res.Order.BuyerEmail != "x@example.com" {
			t.Fatalf("claim: %+v %v", res, err)
		}
		if sold, held := fx.seats(t); sold != 0 || held != 1 {
			t.Fatalf("after the claim: sold %d held %d, want the same 1 held", sold, held)
		}
		paid, err := db.Tickets.PayGuestOrder(ctx, res.Token, marquee.TicketPayRequest{Country: "JP", PaymentMethod: "pm_card_visa"})
		if err != nil || paid.Order.Status != marquee.OrderPaid {
			t.Fatalf("pay: %+v %v", paid, err)
		}
		if sold, held := fx.seats(t); sold != 1 || held != 0 {
			t.Fatalf("after paying: sold %d held %d", sold, held)
		}
		if err := db.Tickets.LeaveGuestWaitlist(ctx, xTok); err != nil {
			t.Fatalf("leaving after the claim: %v", err)
		}
	})
}
