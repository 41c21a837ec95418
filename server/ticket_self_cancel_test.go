package server_test

import (
	"fmt"
	"testing"
	"time"
)

// TestTicketSelfCancelHTTP: the organiser sets the rule (others get 404,
// bad input 400 with its fields); a declined card keeps the hold and a
// retry on the same order pays it; another account cannot see or cancel
// the order (404); the buyer cancels and gets the amount refunded; after
// the cut-off the refusal is translated.
func TestTicketSelfCancelHTTP(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	path := w.manage("/cancellation-policy")
	r := s.do(call{method: "GET", path: path, token: w.org})
	expect(t, r, 200, "")
	if field(r, "enabled") != false {
		t.Fatalf("default policy: %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: path, token: w.buyer, body: `{"enabled":true,"cutoffHours":48,"refund":"full"}`}), 404, "Festival not found")
	r = s.do(call{method: "PUT", path: path, token: w.org, body: `{"enabled":true,"cutoffHours":-1,"refund":"percent_fee","feePercent":0}`})
	expect(t, r, 400, "")
	if field(r, "fields", "cutoffHours") == nil || field(r, "fields", "feePercent") == nil {
		t.Fatalf("fields: %s", r.raw)
	}
	r = s.do(call{method: "PUT", path: path, token: w.org, body: `{"enabled":true,"cutoffHours":48,"refund":"fixed_fee","feeCents":300}`})
	expect(t, r, 200, "")
	if field(r, "refund") != "fixed_fee" || field(r, "feeCents") != 300.0 {
		t.Fatalf("policy: %s", r.raw)
	}

	id := w.screening(nil)
	r = w.order(w.buyer, id, 2)
	expect(t, r, 201, "")
	order := fmt.Sprint(field(r, "id"))
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: declinedCard,
		header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "pending" || field(r, "order", "failureMessage") == "Your card was declined." || field(r, "order", "failureMessage") == "" {
		t.Fatalf("declined, in Japanese: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "paid" || len(field(r, "order", "tickets").([]any)) != 2 {
		t.Fatalf("retry: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.buyer})
	expect(t, r, 200, "")
	if field(r, "selfCancel", "allowed") != true || field(r, "selfCancel", "refundCents") != 2100.0 {
		t.Fatalf("quote: %s", r.raw)
	}
	// Another account: nothing to see, nothing to cancel.
	expect(t, s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.other}), 404, "Order not found")
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/self-cancel", token: w.other}), 404, "Order not found")
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/self-cancel"}), 401, "")

	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/self-cancel", token: w.buyer})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "refunded" || field(r, "order", "refundedCents") != 2100.0 {
		t.Fatalf("cancelled: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/screenings/" + id})
	if field(r, "remaining") != 100.0 {
		t.Fatalf("seats back: %s", r.raw)
	}

	// After the cut-off (48 hours before 19:00 UTC on the 15th).
	r = w.order(w.other, id, 1)
	late := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + late + "/pay", token: w.other, body: goodCard}), 200, "")
	db.Clock.Set(time.Date(2026, 3, 13, 20, 0, 0, 0, time.UTC))
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + late + "/self-cancel", token: w.other, header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 409, "キャンセルの受付は上映の48時間前に締め切られました")
}
