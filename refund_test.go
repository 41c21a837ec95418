package marquee

import (
	"testing"
	"time"
)

func TestPlanRefund(t *testing.T) {
	at := time.Date(2026, 5, 3, 0, 0, 0, 0, time.UTC)
	basic := func(status PurchaseStatus) *Purchase {
		return &Purchase{ID: 7, Credits: 50, AmountCents: 2500, Currency: Currency, Status: status}
	}
	pending := basic(PurchaseRefunded)
	pending.RefundedCredits, pending.RefundedCents = 35, 1750
	confirmed := basic(PurchaseRefunded)
	confirmed.RefundedCredits, confirmed.RefundedCents, confirmed.RefundedAt = 50, 2500, &at
	odd := &Purchase{ID: 8, Credits: 3, AmountCents: 1000, Currency: Currency, Status: PurchaseSucceeded}
	cheap := &Purchase{ID: 9, Credits: 1000, AmountCents: 1, Currency: Currency, Status: PurchaseSucceeded}
	for _, tc := range []struct {
		name      string
		p         *Purchase
		balance   int64
		take      int64
		cents     int64
		retry     bool
		refusal   string // the plan's Err
		statusErr string // PlanRefund's error
	}{
		{name: "nothing spent", p: basic(PurchaseSucceeded), balance: 50, take: 50, cents: 2500},
		{name: "more credits than the purchase", p: basic(PurchaseSucceeded), balance: 400, take: 50, cents: 2500},
		// The case: $25 for 50 credits, 15 spent: 35 back, $17.50.
		{name: "partly spent", p: basic(PurchaseSucceeded), balance: 35, take: 35, cents: 1750},
		{name: "one credit left", p: basic(PurchaseSucceeded), balance: 1, take: 1, cents: 50},
		{name: "all spent", p: basic(PurchaseSucceeded), balance: 0, take: 0, cents: 0,
			refusal: "Every credit of this purchase has been spent: there is nothing to refund"},
		{name: "negative balance counts as none", p: basic(PurchaseSucceeded), balance: -5, take: 0, cents: 0,
			refusal: "Every credit of this purchase has been spent: there is nothing to refund"},
		// $10 for 3 credits, 2 left: 666.67 cents rounds down.
		{name: "rounds down to the cent", p: odd, balance: 2, take: 2, cents: 666},
		{name: "worth less than a cent", p: cheap, balance: 1, take: 1, cents: 0,
			refusal: "The unspent credits of this purchase are worth less than a cent: there is nothing to refund"},
		{name: "unconfirmed refund is retried as recorded", p: pending, balance: 0, take: 35, cents: 1750, retry: true},
		{name: "confirmed refund", p: confirmed, balance: 50, statusErr: "This purchase is already refunded"},
		{name: "pending payment", p: basic(PurchasePending), balance: 50, statusErr: "Only a succeeded purchase can be refunded"},
		{name: "failed payment", p: basic(PurchaseFailed), balance: 50, statusErr: "Only a succeeded purchase can be refunded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			plan, err := PlanRefund(tc.p, tc.balance)
			if tc.statusErr != "" {
				if ErrorCode(err) != EConflict || ErrorMessage(err) != tc.statusErr || plan != nil {
					t.Fatalf("PlanRefund: %+v, %v; want %q", plan, err, tc.statusErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if plan.PurchaseID != tc.p.ID || plan.Credits != tc.p.Credits || plan.AmountCents != tc.p.AmountCents || plan.Currency != Currency ||
				plan.Balance != tc.balance || plan.TakeCredits != tc.take || plan.RefundCents != tc.cents ||
				plan.SpentCredits != tc.p.Credits-tc.take || plan.Retry != tc.retry || plan.Refundable != (tc.refusal == "") {
				t.Fatalf("plan %+v", plan)
			}
			if got := ErrorMessage(plan.Err()); got != tc.refusal {
				t.Fatalf("Err %q, want %q", got, tc.refusal)
			}
			// The preview's own figures confirm it; any other figures are
			// refused, as is every confirmation of a plan with nothing to refund.
			err = plan.Confirm(RefundConfirmation{TakeCredits: tc.take, RefundCents: tc.cents})
			if tc.refusal != "" {
				if ErrorMessage(err) != tc.refusal {
					t.Fatalf("Confirm of a refused plan: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Confirm: %v", err)
			}
			for _, c := range []RefundConfirmation{
				{TakeCredits: tc.p.Credits + 1, RefundCents: tc.cents},
				{TakeCredits: tc.take, RefundCents: tc.p.AmountCents + 1},
				{TakeCredits: tc.take - 1, RefundCents: tc.cents},
			} {
				if err := plan.Confirm(c); ErrorCode(err) != EConflict ||
					ErrorMessage(err) != "The buyer's balance has changed since the preview: review the refund again" {
					t.Errorf("Confirm(%+v): %v", c, err)
				}
			}
		})
	}
}

// The money returned never exceeds the price, and never pays for a
// spent credit: over every balance, cents ≤ price × unspent ÷ credits.
func TestPlanRefundNeverPaysForSpentCredits(t *testing.T) {
	for _, p := range []*Purchase{
		{Credits: 50, AmountCents: 2500, Status: PurchaseSucceeded},
		{Credits: 250, AmountCents: 10000, Status: PurchaseSucceeded},
		{Credits: 7, AmountCents: 999, Status: PurchaseSucceeded},
	} {
		for bal := int64(-1); bal <= p.Credits+2; bal++ {
			plan, err := PlanRefund(p, bal)
			if err != nil {
				t.Fatal(err)
			}
			if plan.TakeCredits > p.Credits || plan.TakeCredits > max(bal, 0) || plan.RefundCents > p.AmountCents ||
				plan.RefundCents*p.Credits > p.AmountCents*plan.TakeCredits || (plan.RefundCents+1)*p.Credits <= p.AmountCents*plan.TakeCredits {
				t.Fatalf("%d credits for %d cents, balance %d: %+v", p.Credits, p.AmountCents, bal, plan)
			}
		}
	}
}

func TestProviderRefund(t *testing.T) {
	p := &Purchase{ID: 3, Credits: 100, AmountCents: 5000, Currency: Currency, Status: PurchaseSucceeded}
	for bal, take := range map[int64]int64{0: 0, 30: 30, 100: 100, 250: 100, -3: 0} {
		plan := ProviderRefund(p, bal)
		if plan.TakeCredits != take || plan.RefundCents != 5000 || plan.SpentCredits != 100-take || !plan.Refundable {
			t.Errorf("balance %d: %+v", bal, plan)
		}
	}
}

func TestRefundConfirmationValidate(t *testing.T) {
	if err := (RefundConfirmation{TakeCredits: 35, RefundCents: 1750}).Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []RefundConfirmation{{}, {TakeCredits: -1, RefundCents: -1}} {
		f := ErrorFields(c.Validate())
		if f["takeCredits"] != "Confirm the credits the refund takes back, as its preview shows them" ||
			f["refundCents"] != "Confirm the amount the refund returns, as its preview shows it" {
			t.Errorf("%+v: %v", c, f)
		}
	}
	if f := ErrorFields((RefundConfirmation{TakeCredits: 35}).Validate()); len(f) != 1 || f["refundCents"] == "" {
		t.Errorf("fields %v", f)
	}
}
