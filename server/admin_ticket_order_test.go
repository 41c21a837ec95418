package server_test

import (
	"fmt"
	"testing"
)

// TestAdminTicketOrdersOverHTTP: a paid ticket order is in the admins'
// list of ticket orders, refundable; the refund returns it whole; the
// dashboard says which income is credits and which tickets; only admins.
func TestAdminTicketOrdersOverHTTP(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(nil)
	r := w.order(w.buyer, id, 2)
	order := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard}), 200, "")

	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/ticket-orders", token: w.buyer}), 403, "")
	r = s.do(call{method: "GET", path: "/api/v1/admin/ticket-orders?status=paid", token: w.admin})
	expect(t, r, 200, "")
	items, _ := field(r, "items").([]any)
	if field(r, "total") != 1.0 || len(items) != 1 {
		t.Fatalf("list: %s", r.raw)
	}
	if o := items[0].(map[string]any); fmt.Sprint(o["id"]) != order || o["refundable"] != true || o["amountCents"] != 2400.0 ||
		o["userEmail"] != "buyer@example.com" || o["screeningTitle"] != "Opening night" || o["status"] != "paid" {
		t.Fatalf("order %v", o)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/ticket-orders?status=sold", token: w.admin}), 400, "Unknown ticket order status")

	r = s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: w.admin})
	if field(r, "ticketIncomeCents") != 2400.0 || field(r, "ticketOrders") != 1.0 || field(r, "totalIncomeCents") != 0.0 {
		t.Fatalf("dashboard before the refund: %s", r.raw)
	}

	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/ticket-orders/" + order + "/refund", token: w.buyer}), 403, "")
	r = s.do(call{method: "POST", path: "/api/v1/admin/ticket-orders/" + order + "/refund", token: w.admin})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "refunded" || field(r, "order", "refundable") != false {
		t.Fatalf("refund: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/ticket-orders/" + order + "/refund", token: w.admin}), 409, "Only a paid ticket order")
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/ticket-orders/0/refund", token: w.admin}), 404, "")
	r = s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.buyer})
	if field(r, "status") != "refunded" {
		t.Fatalf("the buyer's order: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: w.admin})
	if field(r, "ticketIncomeCents") != 0.0 || field(r, "ticketOrders") != 0.0 {
		t.Fatalf("dashboard after the refund: %s", r.raw)
	}
}
