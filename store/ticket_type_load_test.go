package store_test

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestTicketTypesLoadThousandBuyers: 1,000 buyers at once on two nodes
// (two connections pools to one database), each ordering one or two
// tickets over three types (standard, concession with a quota of 30, a
// free guest type with a quota of 10) of a 100-seat screening, half with a
// voucher of 40 uses: nothing is oversold per type or in total, the
// voucher is used at most 40 times, every order's seats are in the
// counters; it logs the time to sell out (the figure):
//
//	go test ./store -run TestTicketTypesLoadThousandBuyers -count=1 -v
//	MARQUEE_TEST_POSTGRES_URL=... go test ./store -run TestTicketTypesLoadThousandBuyers -count=1 -v
func TestTicketTypesLoadThousandBuyers(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	storetest.ForEachShared(t, func(t *testing.T, sa, sb *store.DB) {
		a, b := storetest.Wrap(t, sa), storetest.Wrap(t, sb)
		b.Clock.Set(ticketNow)
		fx := newTicketFixture(t, a, 100, 1500)
		conc := fx.addType(t, "Concession", 1000, intp(30))
		guest := fx.addType(t, "Guest", 0, intp(10))
		def := fx.types(t)[""]
		const uses = 40
		if _, err := a.Tickets.CreateVoucher(as(fx.org), fx.fest.Slug, marquee.VoucherInput{Code: "LOAD40", Kind: marquee.VoucherPercent, Value: 25, UsageLimit: uses}); err != nil {
			t.Fatal(err)
		}
		const buyers = 1000
		users := make([]*marquee.User, buyers)
		for i := range users {
			users[i] = fx.buyer(t, fmt.Sprintf("load%d@example.com", i))
		}
		nodes := []*storetest.DB{a, b}
		var seats, withVoucher, refused atomic.Int64
		var mu sync.Mutex
		other := map[string]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, u := range users {
			wg.Go(func() {
				<-start
				types := []int64{def.ID, conc.ID, guest.ID}
				req := marquee.OrderRequest{ScreeningID: fx.screening.ID, Items: []marquee.OrderItem{{TicketTypeID: types[i%3], Quantity: 1 + i%2}}}
				if i%2 == 0 {
					req.VoucherCode = "LOAD40"
				}
				o, err := nodes[i%2].Tickets.CreateOrder(as(u), req)
				if err != nil {
					if c := marquee.ErrorCode(err); c == marquee.EConflict || c == marquee.EInvalid {
						refused.Add(1)
						return
					}
					mu.Lock()
					other[err.Error()]++
					mu.Unlock()
					return
				}
				seats.Add(int64(o.Quantity))
				if o.VoucherCode != "" {
					withVoucher.Add(1)
				}
			})
		}
		began := time.Now()
		close(start)
		wg.Wait()
		elapsed := time.Since(began)
		if len(other) > 0 {
			t.Fatalf("unexpected errors: %v", other)
		}
		sold, held := fx.seats(t)
		types := fx.types(t)
		sum := 0
		for _, tt := range types {
			sum += tt.Sold + tt.Held
			if tt.Quota != nil && tt.Sold+tt.Held > *tt.Quota {
				t.Fatalf("type %q oversold: %+v", tt.Name, tt)
			}
		}
		if sold+held > 100 || sum != sold+held || int64(sum) != seats.Load() {
			t.Fatalf("screening %d+%d, types %d, orders %d", sold, held, sum, seats.Load())
		}
		vs, err := b.Tickets.Vouchers(as(fx.org), fx.fest.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if vs[0].Used > uses || int64(vs[0].Used) != withVoucher.Load() {
			t.Fatalf("voucher used %d (limit %d), orders with it %d", vs[0].Used, uses, withVoucher.Load())
		}
		if sold+held < 99 {
			t.Fatalf("only %d of 100 seats taken by %d buyers", sold+held, buyers)
		}
		t.Logf("%d buyers on 2 nodes over 3 types and a voucher: %d seats taken (%d sold, %d held), %d refused, voucher used %d of %d, oversold 0; sold out in %s",
			buyers, sold+held, sold, held, refused.Load(), vs[0].Used, uses, elapsed.Round(time.Millisecond))
	})
}
