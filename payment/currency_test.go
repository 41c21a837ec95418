package payment

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
)

// TestStripeZeroDecimalCurrency: a ticket order of a yen festival (2 ×
// ¥1,500) is charged 3000 in "jpy" — Stripe's zero-decimal currencies
// take whole yen, and Marquee's amounts are already in the currency's
// minor units — its refund asks for the same yen, and a yen balance is
// transferred in yen. Against stripe-mock, like the other Stripe tests.
func TestStripeZeroDecimalCurrency(t *testing.T) {
	s, rec := newTestStripe(t, nil)
	req := marquee.PaymentRequest{TicketOrderID: 12, AmountCents: 3000, Currency: "jpy", Country: "JP", Email: "ana@example.com",
		PaymentMethod: "pm_card_visa", IdempotencyKey: marquee.TicketIdempotencyKey(12)}
	if _, err := s.CreatePayment(context.Background(), req); err != nil {
		t.Fatalf("CreatePayment: %v", err)
	}
	wantForm(t, rec.only(t), map[string]string{"amount": "3000", "currency": "jpy", "metadata[ticket_order_id]": "12"})

	s, rec = newTestStripe(t, nil)
	if err := s.Refund(context.Background(), "pi_123", marquee.TicketIdempotencyKey(12), 3000); err != nil {
		t.Fatalf("Refund: %v", err)
	}
	wantForm(t, rec.only(t), map[string]string{"amount": "3000", "payment_intent": "pi_123"})

	s, rec = newTestStripe(t, nil)
	if _, err := s.Payouts().CreateTransfer(context.Background(), marquee.TransferRequest{PayoutID: 6, Account: "acct_123", AmountCents: 2745,
		Currency: "JPY", IdempotencyKey: marquee.PayoutIdempotencyKey(6)}); err != nil {
		t.Fatalf("CreateTransfer: %v", err)
	}
	wantForm(t, rec.only(t), map[string]string{"amount": "2745", "currency": "jpy", "destination": "acct_123"})
}

// TestTestModeYen: the test mode charges and records the amount it is
// given, whole yen for a yen order.
func TestTestModeYen(t *testing.T) {
	m := NewTestMode(testNow, newMemoryPayments())
	res, err := m.CreatePayment(context.Background(), marquee.PaymentRequest{TicketOrderID: 12, AmountCents: 3000, Currency: "jpy",
		Country: "JP", PaymentMethod: "pm_card_visa", IdempotencyKey: marquee.TicketIdempotencyKey(12)})
	if err != nil || res.Event == nil || res.Event.Type != marquee.PaymentSucceeded || res.Event.AmountCents != 3000 {
		t.Fatalf("test mode: %+v %v", res, err)
	}
}
