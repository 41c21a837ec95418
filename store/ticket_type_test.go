package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func intp(n int) *int { return &n }

// addType adds a ticket type to the fixture's screening.
func (fx *ticketFixture) addType(t testing.TB, name string, price int64, quota *int) *marquee.ManagedTicketType {
	t.Helper()
	tt, err := fx.db.Tickets.CreateTicketType(as(fx.org), fx.fest.Slug, fx.screening.ID, marquee.TicketTypeInput{Name: name, PriceCents: price, Quota: quota})
	if err != nil {
		t.Fatal(err)
	}
	return tt
}

// types reads the screening's types by name ("" is the default).
func (fx *ticketFixture) types(t testing.TB) map[string]*marquee.ManagedTicketType {
	t.Helper()
	l, err := fx.db.Tickets.TicketTypes(as(fx.org), fx.fest.Slug, fx.screening.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*marquee.ManagedTicketType{}
	for _, tt := range l {
		out[tt.Name] = tt
	}
	return out
}

func wantField(t testing.TB, err error, field, msg string) {
	t.Helper()
	var e *marquee.Error
	if !errors.As(err, &e) || e.Fields[field] != msg {
		t.Fatalf("error %v, want %s: %q", err, field, msg)
	}
}

// TestTicketTypesOrderWithVoucherAndNames: an order of two types with a
// percentage voucher is priced per type, holds each type's seats, names
// each ticket's attendee, and gives its voucher use and seats back when it
// expires; quotas are refused past their rest with the type's name.
func TestTicketTypesOrderWithVoucherAndNames(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1500)
		conc := fx.addType(t, "Concession", 1000, intp(2))
		guest := fx.addType(t, "Guest", 0, intp(1))
		def := fx.types(t)[""]
		if !def.Default || def.PriceCents != 1500 {
			t.Fatalf("default type %+v", def)
		}
		if _, err := db.Tickets.SetAttendeeNames(as(fx.org), fx.fest.Slug, fx.screening.ID, marquee.AttendeeNamesRequired); err != nil {
			t.Fatal(err)
		}
		v, err := db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "half-off", Kind: marquee.VoucherPercent, Value: 50,
			UsageLimit: 1, TypeNames: []string{"Concession", ""}})
		if err != nil || v.Code != "HALF-OFF" {
			t.Fatalf("voucher %v %+v", err, v)
		}
		u := fx.buyer(t, "b@example.com")
		req := marquee.OrderRequest{ScreeningID: fx.screening.ID, VoucherCode: "half-off", Items: []marquee.OrderItem{
			{TicketTypeID: conc.ID, Quantity: 2, Attendees: []string{"Aiko", "Ben"}},
			{TicketTypeID: def.ID, Quantity: 1, Attendees: []string{}},
		}}
		_, err = db.Tickets.CreateOrder(as(u), req)
		wantField(t, err, "attendees", "Enter each attendee's name")
		req.Items[1].Attendees = []string{"Chen"}
		q, err := db.Tickets.CheckVoucher(as(u), marquee.VoucherCheck{ScreeningID: fx.screening.ID, Code: "Half-Off", Items: req.Items})
		if err != nil || q.SubtotalCents != 3500 || q.DiscountCents != 1750 || q.TotalCents != 1750 {
			t.Fatalf("quote %v %+v", err, q)
		}
		o, err := db.Tickets.CreateOrder(as(u), req)
		if err != nil {
			t.Fatal(err)
		}
		if o.AmountCents != 1750 || o.DiscountCents != 1750 || o.SubtotalCents != 3500 || o.Quantity != 3 || o.VoucherCode != "HALF-OFF" || len(o.Lines) != 2 {
			t.Fatalf("order %+v", o)
		}
		types := fx.types(t)
		if types["Concession"].Held != 2 || types[""].Held != 1 || types["Concession"].Remaining != 0 {
			t.Fatalf("types after hold %+v %+v", types["Concession"], types[""])
		}
		// The voucher's one use is taken; another buyer is told so.
		u2 := fx.buyer(t, "c@example.com")
		_, err = db.Tickets.CheckVoucher(as(u2), marquee.VoucherCheck{ScreeningID: fx.screening.ID, Code: "HALF-OFF", Items: []marquee.OrderItem{{TicketTypeID: def.ID, Quantity: 1}}})
		wantField(t, err, "voucherCode", "This code has been used up")
		// The concession quota is spent.
		_, err = db.Tickets.CreateOrder(as(u2), marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: []marquee.OrderItem{{TicketTypeID: conc.ID, Quantity: 1, Attendees: []string{"D"}}}})
		wantMessage(t, err, marquee.EConflict, "{type} tickets are sold out")
		// A free guest ticket alone is paid at once, with its name.
		g, err := db.Tickets.CreateOrder(as(u2), marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: []marquee.OrderItem{{TicketTypeID: guest.ID, Quantity: 1, Attendees: []string{"Guest One"}}}})
		if err != nil || g.Status != marquee.OrderPaid || len(g.Tickets) != 1 || g.Tickets[0].AttendeeName != "Guest One" || g.Tickets[0].TicketTypeName != "Guest" {
			t.Fatalf("guest order %v %+v", err, g)
		}
		// Paid: the tickets carry their types and names, in type order.
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentSucceeded, TicketOrderID: o.ID, Reference: "test_pi_types", AmountCents: 1750}); err != nil {
			t.Fatal(err)
		}
		o, _ = db.Tickets.Order(as(u), o.ID)
		if o.Status != marquee.OrderPaid || len(o.Tickets) != 3 {
			t.Fatalf("paid %+v", o)
		}
		wantNames := map[string]string{"Aiko": "", "Ben": "", "Chen": ""}
		for _, tk := range o.Tickets {
			if _, ok := wantNames[tk.AttendeeName]; !ok {
				t.Fatalf("ticket %+v", tk)
			}
			wantNames[tk.AttendeeName] = tk.TicketTypeName
		}
		if wantNames["Aiko"] != "Concession" || wantNames["Chen"] != "" {
			t.Fatalf("names to types %v", wantNames)
		}
		// The door shows the attendee's name.
		res, err := db.Tickets.CheckIn(as(fx.org), fx.fest.Slug, marquee.CheckInRequest{ScreeningID: fx.screening.ID, Code: o.Tickets[0].Code})
		if err != nil || res.Result != marquee.CheckInValid || res.Ticket.AttendeeName != o.Tickets[0].AttendeeName || res.Ticket.AttendeeName == "" ||
			res.Ticket.TicketTypeName != o.Tickets[0].TicketTypeName {
			t.Fatalf("check-in %v %+v", err, res)
		}
		// The organiser's order list has the lines and attendees.
		orders, err := db.Tickets.ScreeningOrders(as(fx.org), fx.fest.Slug, fx.screening.ID)
		if err != nil || len(orders) != 2 || orders[1].VoucherCode != "HALF-OFF" || len(orders[1].Attendees) != 3 || orders[1].Attendees[0] != "Chen" {
			t.Fatalf("organiser orders %v %+v", err, orders)
		}
		// A refund gives the voucher's use and the types' seats back.
		if _, err := db.Payments.Settle(context.Background(), marquee.PaymentEvent{Type: marquee.PaymentRefunded, TicketOrderID: o.ID}); err != nil {
			t.Fatal(err)
		}
		types = fx.types(t)
		if types["Concession"].Sold != 0 || types[""].Sold != 0 || types["Guest"].Sold != 1 {
			t.Fatalf("types after refund %+v", types)
		}
		vs, _ := db.Tickets.Vouchers(as(fx.org), fx.fest.Slug)
		if len(vs) != 1 || vs[0].Used != 0 {
			t.Fatalf("voucher after refund %+v", vs[0])
		}
		if sold, held := fx.seats(t); sold != 1 || held != 0 {
			t.Fatalf("sold %d held %d", sold, held)
		}
	})
}

// TestVoucherRefusals: each refused code says why.
func TestVoucherRefusals(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1500)
		conc := fx.addType(t, "Concession", 1000, nil)
		def := fx.types(t)[""]
		other, err := db.Tickets.CreateScreening(as(fx.org), fx.fest.Slug, marquee.ScreeningInput{
			Title: "Closing", Venue: "Hall 2", StartsAt: "2026-03-16T19:00", EndsAt: "2026-03-16T21:00",
			Capacity: 5, PriceCents: 800, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-16T18:00"})
		if err != nil {
			t.Fatal(err)
		}
		mk := func(in marquee.VoucherInput) *marquee.Voucher {
			t.Helper()
			if in.UsageLimit == 0 {
				in.UsageLimit = 5
			}
			if in.Kind == "" {
				in.Kind, in.Value = marquee.VoucherFixed, 300
			}
			v, err := db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, in)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		mk(marquee.VoucherInput{Code: "LATER", ValidFrom: "2026-03-12"})
		mk(marquee.VoucherInput{Code: "PAST", ValidUntil: "2026-03-09"})
		mk(marquee.VoucherInput{Code: "OTHER", ScreeningIDs: []int64{other.ID}})
		mk(marquee.VoucherInput{Code: "CONCONLY", TypeNames: []string{"Concession"}})
		off := mk(marquee.VoucherInput{Code: "OFFNOW"})
		mk(marquee.VoucherInput{Code: "FREEONE", Kind: marquee.VoucherFree})
		if _, err := db.Tickets.DisableVoucher(as(fx.org), fx.fest.Slug, off.ID); err != nil {
			t.Fatal(err)
		}
		_, err = db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "later", Kind: marquee.VoucherPercent, Value: 10, UsageLimit: 1})
		wantField(t, err, "code", "The festival already has this code")
		_, err = db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "X", Kind: marquee.VoucherPercent, Value: 101, UsageLimit: 0})
		wantField(t, err, "value", "A percentage is between 1 and 100")
		wantField(t, err, "code", "A code has 4 to 32 letters, digits, dashes or underscores")
		u := fx.buyer(t, "b@example.com")
		full := []marquee.OrderItem{{TicketTypeID: def.ID, Quantity: 2}}
		for code, msg := range map[string]string{
			"NOPE":     "This code does not exist",
			"LATER":    "This code is not valid yet",
			"PAST":     "This code has expired",
			"OTHER":    "This code is not valid for this screening",
			"CONCONLY": "This code is not valid for the ticket types you chose",
			"OFFNOW":   "This code is no longer valid",
		} {
			_, err := db.Tickets.CheckVoucher(as(u), marquee.VoucherCheck{ScreeningID: fx.screening.ID, Code: code, Items: full})
			wantField(t, err, "voucherCode", msg)
			_, err = db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: full, VoucherCode: code})
			wantField(t, err, "voucherCode", msg)
		}
		// A free ticket takes the dearest allowed ticket off; a fixed
		// amount never leaves less than the minimum charge.
		q, err := db.Tickets.CheckVoucher(as(u), marquee.VoucherCheck{ScreeningID: fx.screening.ID, Code: "freeone",
			Items: []marquee.OrderItem{{TicketTypeID: def.ID, Quantity: 1}, {TicketTypeID: conc.ID, Quantity: 1}}})
		if err != nil || q.DiscountCents != 1500 || q.TotalCents != 1000 {
			t.Fatalf("free one %v %+v", err, q)
		}
		q, err = db.Tickets.CheckVoucher(as(u), marquee.VoucherCheck{ScreeningID: fx.screening.ID, Code: "CONCONLY",
			Items: []marquee.OrderItem{{TicketTypeID: conc.ID, Quantity: 1}}})
		if err != nil || q.TotalCents != 700 {
			t.Fatalf("fixed %v %+v", err, q)
		}
		// The whole order free with FREEONE on one ticket: paid at once.
		o, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, VoucherCode: "FREEONE", Items: []marquee.OrderItem{{TicketTypeID: conc.ID, Quantity: 1}}})
		if err != nil || o.Status != marquee.OrderPaid || o.AmountCents != 0 || o.DiscountCents != 1000 {
			t.Fatalf("free order %v %+v", err, o)
		}
		// The old request (a quantity, no items) buys the default type.
		old := fx.order(t, u, 2)
		if old.AmountCents != 3000 || len(old.Lines) != 1 || old.Lines[0].TicketTypeID != def.ID {
			t.Fatalf("old request %+v", old)
		}
	})
}

// TestTicketTypesConcurrentWithVoucher: many buyers at once over three
// types (two with quotas) of a small screening, half with a voucher of N
// uses: nothing is oversold per type or in total, the voucher is used at
// most N times, and the counters agree with the orders; after the holds
// expire, every seat and use is given back but the paid ones.
func TestTicketTypesConcurrentWithVoucher(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		const capacity, uses = 12, 3
		fx := newTicketFixture(t, db, capacity, 1500)
		conc := fx.addType(t, "Concession", 1000, intp(5))
		guest := fx.addType(t, "Guest", 0, intp(2))
		def := fx.types(t)[""]
		if _, err := db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "FEWUSES", Kind: marquee.VoucherPercent, Value: 20, UsageLimit: uses}); err != nil {
			t.Fatal(err)
		}
		const buyers = 40
		users := make([]*marquee.User, buyers)
		for i := range users {
			users[i] = fx.buyer(t, "buyer"+string(rune('a'+i%26))+string(rune('a'+i/26))+"@example.com")
		}
		var mu sync.Mutex
		var made []*marquee.TicketOrder
		withVoucher := 0
		var wg sync.WaitGroup
		for i, u := range users {
			wg.Go(func() {
				items := []marquee.OrderItem{{TicketTypeID: def.ID, Quantity: 1 + i%2}, {TicketTypeID: conc.ID, Quantity: i % 3}}
				if i%4 == 0 {
					items = append(items, marquee.OrderItem{TicketTypeID: guest.ID, Quantity: 1})
				}
				req := marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: items}
				if i%2 == 0 {
					req.VoucherCode = "fewuses"
				}
				o, err := db.Tickets.CreateOrder(as(u), req)
				if err != nil {
					if c := marquee.ErrorCode(err); c != marquee.EConflict && c != marquee.EInvalid {
						t.Errorf("buyer %d: %v", i, err)
					}
					return
				}
				mu.Lock()
				made = append(made, o)
				if o.VoucherCode != "" {
					withVoucher++
				}
				mu.Unlock()
			})
		}
		wg.Wait()
		types := fx.types(t)
		sold, held := fx.seats(t)
		if sold+held > capacity {
			t.Fatalf("oversold: sold %d held %d of %d", sold, held, capacity)
		}
		sum := 0
		for _, tt := range types {
			sum += tt.Sold + tt.Held
			if tt.Quota != nil && tt.Sold+tt.Held > *tt.Quota {
				t.Fatalf("type %q oversold: %+v", tt.Name, tt)
			}
		}
		taken := 0
		for _, o := range made {
			taken += o.Quantity
		}
		if sum != sold+held || taken != sum {
			t.Fatalf("counters disagree: types %d, screening %d, orders %d", sum, sold+held, taken)
		}
		vs, _ := db.Tickets.Vouchers(as(fx.org), fx.fest.Slug)
		if vs[0].Used > uses || vs[0].Used != withVoucher {
			t.Fatalf("voucher used %d (limit %d), orders with it %d", vs[0].Used, uses, withVoucher)
		}
		if sold+held < capacity-3 {
			t.Fatalf("only %d of %d seats taken by %d buyers", sold+held, capacity, buyers)
		}
		// Every hold expires: the paid (free) orders keep theirs.
		setNow(db, ticketNow.Add(marquee.TicketHoldDuration+time.Minute))
		if _, err := db.Tickets.ReleaseExpiredHolds(context.Background()); err != nil {
			t.Fatal(err)
		}
		paidSeats, paidVoucher := 0, 0
		for _, o := range made {
			if o.Status == marquee.OrderPaid {
				paidSeats += o.Quantity
				if o.VoucherCode != "" {
					paidVoucher++
				}
			}
		}
		sold, held = fx.seats(t)
		vs, _ = db.Tickets.Vouchers(as(fx.org), fx.fest.Slug)
		if held != 0 || sold != paidSeats || vs[0].Used != paidVoucher {
			t.Fatalf("after expiry: sold %d held %d (paid %d), voucher used %d (paid %d)", sold, held, paidSeats, vs[0].Used, paidVoucher)
		}
	})
}

// TestTicketOffersOtherOrganiser: another organiser sees and changes
// none of a festival's types, vouchers or orders.
func TestTicketOffersOtherOrganiser(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 1500)
		tt := fx.addType(t, "Concession", 1000, nil)
		v, err := db.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "MINE", Kind: marquee.VoucherFree, UsageLimit: 2})
		if err != nil {
			t.Fatal(err)
		}
		other := newOrganiser(t, db, "other@example.com")
		ctx := as(other)
		_, err = db.Tickets.TicketTypes(ctx, fx.fest.Slug, fx.screening.ID)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.CreateTicketType(ctx, fx.fest.Slug, fx.screening.ID, marquee.TicketTypeInput{Name: "X", PriceCents: 100})
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.UpdateTicketType(ctx, fx.fest.Slug, fx.screening.ID, tt.ID, marquee.TicketTypeInput{Name: "X", PriceCents: 100})
		wantCode(t, err, marquee.ENotFound)
		wantCode(t, db.Tickets.DeleteTicketType(ctx, fx.fest.Slug, fx.screening.ID, tt.ID), marquee.ENotFound)
		_, err = db.Tickets.Vouchers(ctx, fx.fest.Slug)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.DisableVoucher(ctx, fx.fest.Slug, v.ID)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Tickets.ScreeningOrders(ctx, fx.fest.Slug, fx.screening.ID)
		wantCode(t, err, marquee.ENotFound)
		// Their own festival does not reach this one's screening.
		f2 := mustCreate(t, db, other, festivalDetails("Other Days"))
		_, err = db.Tickets.TicketTypes(ctx, f2.Slug, fx.screening.ID)
		wantCode(t, err, marquee.ENotFound)
		vs, _ := db.Tickets.Vouchers(as(fx.org), fx.fest.Slug)
		if len(vs) != 1 || vs[0].DisabledAt != nil {
			t.Fatalf("voucher changed: %+v", vs)
		}
		// Quotas: not below what is taken; the default type is not deleted.
		u := fx.buyer(t, "b@example.com")
		if _, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: []marquee.OrderItem{{TicketTypeID: tt.ID, Quantity: 3}}}); err != nil {
			t.Fatal(err)
		}
		_, err = db.Tickets.UpdateTicketType(as(fx.org), fx.fest.Slug, fx.screening.ID, tt.ID, marquee.TicketTypeInput{Name: "Concession", PriceCents: 1000, Quota: intp(2)})
		wantField(t, err, "quota", "The quota cannot be below the seats of this type already sold or held")
		wantCode(t, db.Tickets.DeleteTicketType(as(fx.org), fx.fest.Slug, fx.screening.ID, tt.ID), marquee.EConflict)
		wantCode(t, db.Tickets.DeleteTicketType(as(fx.org), fx.fest.Slug, fx.screening.ID, fx.types(t)[""].ID), marquee.EConflict)
	})
}

// TestAccountDeletionClearsAttendeeNames: the attendees' names a buyer
// typed leave with their account (the tickets stay valid, naming no one).
func TestAccountDeletionClearsAttendeeNames(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newTicketFixture(t, db, 10, 0)
		if _, err := db.Tickets.SetAttendeeNames(as(fx.org), fx.fest.Slug, fx.screening.ID, marquee.AttendeeNamesOptional); err != nil {
			t.Fatal(err)
		}
		const pw = "buyer password 1"
		u, err := db.Users.Register(context.Background(), marquee.NewUser{Email: "named@example.com", Password: pw, Name: "Named Buyer", Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		o, err := db.Tickets.CreateOrder(as(u), marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: []marquee.OrderItem{
			{TicketTypeID: fx.types(t)[""].ID, Quantity: 2, Attendees: []string{"Rin Sato", ""}}}})
		if err != nil || o.Status != marquee.OrderPaid || o.Tickets[0].AttendeeName != "Rin Sato" {
			t.Fatalf("order %v %+v", err, o)
		}
		if err := db.Privacy.DeleteAccount(as(u), marquee.AccountDeletion{Password: pw}); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM tickets WHERE attendee_name <> ''`); n != 0 {
			t.Fatalf("%d tickets keep a name", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM ticket_order_attendees`); n != 0 {
			t.Fatalf("%d attendee rows kept", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM tickets WHERE status = 'valid'`); n != 2 {
			t.Fatalf("%d valid tickets, want 2", n)
		}
	})
}
