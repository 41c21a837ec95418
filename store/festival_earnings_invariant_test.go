package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestEarningsInvariant runs many random operations (credit purchases,
// entries, withdrawals, ticket sales, ticket refunds, purchase refunds)
// and then checks that every cent is accounted for:
//
//	money in (credit purchases + tickets) = festival earnings + commission
//	  + value of unspent credits + refunds + package margin
//
// where the credits are valued at their published value (the lowest
// price per credit) and the package margin is what buyers paid above that
// value for the credits they kept (a package dearer per credit than the
// cheapest). It also checks the commission: what the platform keeps is
// the commission of every income not taken back.
func TestEarningsInvariant(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		f := newEarnFixture(t, db)
		rng := rand.New(rand.NewPCG(26, 31))
		type maker struct {
			u     *marquee.User
			films []int64
		}
		var makers []maker
		for i := range 4 {
			u := newOrganiser(t, db, fmt.Sprintf("maker%d@example.com", i))
			m := maker{u: u}
			for j := range 2 {
				m.films = append(m.films, f.newFilm(t, u, fmt.Sprintf("Film %d-%d", i, j), "JP"))
			}
			makers = append(makers, m)
		}
		var purchases, orders, submitted []int64
		owner := map[int64]*marquee.User{}
		packages := []string{"basic", "pro", "enterprise"}
		ops := map[string]int{}
		for range 150 {
			m := makers[rng.IntN(len(makers))]
			switch [...]int{0, 0, 1, 1, 1, 2, 3, 3, 4, 5}[rng.IntN(10)] {
			case 0:
				r, err := db.Payments.Checkout(as(m.u), marquee.CheckoutRequest{PackageID: packages[rng.IntN(3)], Country: "us", PaymentMethod: "pm_card_visa", Language: "en"})
				if err != nil {
					t.Fatal(err)
				}
				purchases = append(purchases, r.Purchase.ID)
				ops["purchase"]++
			case 1:
				ns := marquee.NewSubmission{FilmID: m.films[rng.IntN(2)], Language: "en", Entries: []marquee.SubmissionEntry{entry(f.fest, rng.IntN(3))}}
				r, err := db.Submissions.Submit(as(m.u), ns)
				if code := marquee.ErrorCode(err); code == marquee.EConflict || code == marquee.EInsufficientCredits || code == marquee.EInvalid {
					continue // entered already, or not enough credits
				} else if err != nil {
					t.Fatal(err)
				}
				submitted = append(submitted, r.Submissions[0].ID)
				owner[r.Submissions[0].ID] = m.u
				ops["entry"]++
			case 2:
				if len(submitted) == 0 {
					continue
				}
				i := rng.IntN(len(submitted))
				id := submitted[i]
				submitted = append(submitted[:i], submitted[i+1:]...)
				if _, err := db.Submissions.Withdraw(as(owner[id]), id); err != nil {
					t.Fatal(err)
				}
				ops["withdrawal"]++
			case 3:
				orders = append(orders, f.buyTickets(t, m.u, 1+rng.IntN(3)))
				ops["tickets"]++
			case 4:
				if len(orders) == 0 {
					continue
				}
				i := rng.IntN(len(orders))
				id := orders[i]
				orders = append(orders[:i], orders[i+1:]...)
				if _, err := db.Tickets.AdminRefundOrder(f.admin, id); err != nil {
					t.Fatal(err)
				}
				ops["ticket refund"]++
			case 5:
				if len(purchases) == 0 {
					continue
				}
				i := rng.IntN(len(purchases))
				id := purchases[i]
				plan, err := db.Payments.RefundPreview(f.admin, id)
				if err != nil {
					continue // all spent: nothing to refund
				}
				if _, err := db.Payments.Refund(f.admin, id, marquee.RefundConfirmation{TakeCredits: plan.TakeCredits, RefundCents: plan.RefundCents}); err != nil {
					continue
				}
				purchases = append(purchases[:i], purchases[i+1:]...)
				ops["purchase refund"]++
			}
		}
		for _, op := range []string{"purchase", "entry", "withdrawal", "tickets", "ticket refund", "purchase refund"} {
			if ops[op] == 0 {
				t.Fatalf("no %s among the operations %v: the invariant would prove little", op, ops)
			}
		}
		t.Logf("operations: %v", ops)
		sum := func(q string) int64 { return count(t, db.DB, q) }
		value := int64(40) // the VIP package: 10000 cents for 250 credits
		purchased := sum(`SELECT COALESCE(SUM(amount_cents), 0) FROM purchases WHERE status IN ('succeeded', 'refunded')`)
		tickets := sum(`SELECT COALESCE(SUM(amount_cents), 0) FROM ticket_orders WHERE paid_at IS NOT NULL`)
		refunds := sum(`SELECT COALESCE(SUM(refunded_cents), 0) FROM purchases`) + sum(`SELECT COALESCE(SUM(amount_cents), 0) FROM ticket_orders WHERE status = 'refunded'`)
		earnings := sum(`SELECT COALESCE(SUM(amount_cents), 0) FROM festival_earnings WHERE kind NOT IN ('commission', 'commission_reversal')`)
		commission := -sum(`SELECT COALESCE(SUM(amount_cents), 0) FROM festival_earnings WHERE kind IN ('commission', 'commission_reversal')`)
		unspent := value * sum(`SELECT COALESCE(SUM(credits), 0) FROM users`)
		margin := sum(`SELECT COALESCE(SUM(amount_cents - refunded_cents), 0) FROM purchases WHERE status IN ('succeeded', 'refunded')`) -
			value*sum(`SELECT COALESCE(SUM(credits - refunded_credits), 0) FROM purchases WHERE status IN ('succeeded', 'refunded')`)
		if in, out := purchased+tickets, (earnings-commission)+commission+unspent+refunds+margin; in != out {
			t.Fatalf("money in %d ≠ festival earnings %d + commission %d + unspent credits %d + refunds %d + package margin %d = %d (operations %v)",
				in, earnings-commission, commission, unspent, refunds, margin, out, ops)
		}
		// The commission kept is the commission of each income not taken back.
		var want int64
		err := db.QueryForTest(ctx, `SELECT i.amount_cents FROM festival_earnings i WHERE i.kind IN ('entry_fee', 'ticket')
			AND NOT EXISTS (SELECT 1 FROM festival_earnings r WHERE r.source = i.source AND r.kind IN ('refund', 'withdrawal'))`, nil,
			func(scan func(...any) error) error {
				var a int64
				if err := scan(&a); err != nil {
					return err
				}
				want += marquee.CommissionCents(a, marquee.DefaultCommissionBasisPoints)
				return nil
			})
		if err != nil {
			t.Fatal(err)
		}
		if commission != want {
			t.Fatalf("commission kept %d, want %d", commission, want)
		}
		// The statement of the month adds up to the ledger.
		rep, err := db.Earnings.FestivalEarnings(as(f.org), f.fest.Slug, "2026-03", "")
		if err != nil {
			t.Fatal(err)
		}
		if st := rep.Statement; st.ClosingCents != earnings-commission || st.CommissionCents != -commission ||
			st.OpeningCents+st.EntryFeeCents+st.TicketCents+st.RefundCents+st.WithdrawalCents+st.CommissionCents+st.PayoutCents+st.AdjustmentCents != st.ClosingCents {
			t.Fatalf("statement %+v does not add up to the ledger (%d, commission %d)", st, earnings-commission, commission)
		}
		assertLedgerBalanced(t, db.DB)
	})
}
