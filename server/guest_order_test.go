package server_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestGuestOrderOverHTTP: a visitor without a session orders with a name
// and address (a missing name is a translated field message), pays by the
// order's link, and downloads its tickets; a second person, signed in or
// not, cannot read the order without the link, nor with another token.
func TestGuestOrderOverHTTP(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(nil)
	ja := map[string]string{"Accept-Language": "ja"}

	r := s.do(call{method: "POST", path: "/api/v1/guest/ticket-orders", header: ja,
		body: `{"screeningId":` + id + `,"quantity":2,"name":" ","email":"nope"}`})
	expect(t, r, 400, "")
	if got := field(r, "fields", "name"); got != "お名前を入力してください" {
		t.Fatalf("name message: %v (%s)", got, r.raw)
	}
	if got := field(r, "fields", "email"); got != "name@example.com のような正しいメールアドレスを入力してください" {
		t.Fatalf("email message: %v (%s)", got, r.raw)
	}

	r = s.do(call{method: "POST", path: "/api/v1/guest/ticket-orders",
		body: `{"screeningId":` + id + `,"quantity":2,"name":"Hanako Yamada","email":"hanako@example.com"}`})
	expect(t, r, 201, "")
	token := field(r, "token").(string)
	orderID := fmt.Sprint(field(r, "order", "id"))
	if field(r, "order", "status") != "pending" || field(r, "order", "guest") != true || len(token) < 40 {
		t.Fatalf("guest order: %s", r.raw)
	}

	// The link opens it without a session; a wrong token says so plainly.
	expect(t, s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token}), 200, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token[:len(token)-2] + "xx"}), 404, "This link is wrong or has expired")
	// A second person, signed in, cannot read it by its id.
	expect(t, s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + orderID, token: w.other}), 404, "")

	r = s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token + "/pay", body: goodCard})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "paid" {
		t.Fatalf("pay: %s", r.raw)
	}
	tickets := field(r, "order", "tickets").([]any)
	if len(tickets) != 2 {
		t.Fatalf("tickets: %s", r.raw)
	}
	ticketID := fmt.Sprint(tickets[0].(map[string]any)["id"])

	pdf := s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token + "/tickets/" + ticketID + "/ticket.pdf"})
	if pdf.status != 200 || pdf.header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(pdf.raw), "%PDF-") {
		t.Fatalf("pdf: %d %s", pdf.status, pdf.header)
	}
	ics := s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token + "/tickets/" + ticketID + "/calendar.ics"})
	if ics.status != 200 || !strings.Contains(string(ics.raw), "URL:http") || !strings.Contains(string(ics.raw), "/orders/guest/") {
		t.Fatalf("ics: %d %s", ics.status, ics.raw)
	}
	// The second person's own order's link opens theirs, not this one's tickets.
	r = s.do(call{method: "POST", path: "/api/v1/guest/ticket-orders",
		body: `{"screeningId":` + id + `,"quantity":1,"name":"Other","email":"other-guest@example.com"}`})
	expect(t, r, 201, "")
	theirs := field(r, "token").(string)
	expect(t, s.do(call{method: "GET", path: "/api/v1/guest/orders/" + theirs + "/tickets/" + ticketID + "/ticket.pdf"}), 404, "")
	// A signed-in account of another address claims nothing.
	r = s.do(call{method: "POST", path: "/api/v1/tickets/claim-guest-orders", token: w.other})
	expect(t, r, 200, "")
	if field(r, "claimed") != float64(0) {
		t.Fatalf("claim: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/tickets/claim-guest-orders"}), 401, "")
}

// TestGuestWaitlistOverHTTP: a visitor asks to wait for a sold-out
// screening (202 whatever the address); seats on sale are 409; a wrong
// confirmation or offer link is 404.
func TestGuestWaitlistOverHTTP(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(map[string]any{"capacity": 1})
	path := "/api/v1/guest/screenings/" + id + "/waitlist"
	expect(t, s.do(call{method: "POST", path: path, body: `{"email":"x@example.com","quantity":1}`}), 409, "Seats are still available")
	expect(t, w.order(w.buyer, id, 1), 201, "")
	r := s.do(call{method: "POST", path: path, body: `{"email":"x@example.com","quantity":1}`})
	expect(t, r, 202, "")
	if field(r, "sent") != true {
		t.Fatalf("join: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: path, body: `{"email":"","quantity":1}`}), 400, "Type your e-mail address")
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/waitlist/not-a-token/confirm"}), 404, "This link is wrong or has expired")
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/waitlist/not-a-token/leave"}), 404, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/guest/waitlist-offers/not-a-token"}), 404, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/waitlist-offers/not-a-token/claim", body: `{"name":"X"}`}), 404, "")
}

// TestGuestOrderSelfCancelHTTP: a guest who paid cancels by their link
// under the festival's rule and sees the amount refunded; a wrong token is
// 404 and cancels nothing; a second cancellation is 409.
func TestGuestOrderSelfCancelHTTP(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	expect(t, s.do(call{method: "PUT", path: w.manage("/cancellation-policy"), token: w.org,
		body: `{"enabled":true,"cutoffHours":48,"refund":"fixed_fee","feeCents":300}`}), 200, "")
	id := w.screening(nil)
	r := s.do(call{method: "POST", path: "/api/v1/guest/ticket-orders",
		body: `{"screeningId":` + id + `,"quantity":2,"name":"Hanako Yamada","email":"hanako@example.com"}`})
	expect(t, r, 201, "")
	token := field(r, "token").(string)
	// A pending order cannot be self-cancelled (it is released instead).
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token + "/self-cancel"}), 409, "Only a paid order can be cancelled")
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token + "/pay", body: goodCard}), 200, "")
	r = s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token})
	expect(t, r, 200, "")
	if field(r, "selfCancel", "allowed") != true || field(r, "selfCancel", "refundCents") != 2100.0 {
		t.Fatalf("quote: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token[:len(token)-2] + "xx/self-cancel"}), 404, "This link is wrong or has expired")
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/orders/not-a-token/self-cancel"}), 404, "")
	r = s.do(call{method: "GET", path: "/api/v1/guest/orders/" + token})
	if field(r, "status") != "paid" {
		t.Fatalf("a wrong token cancelled: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token + "/self-cancel"})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "refunded" || field(r, "order", "refundedCents") != 2100.0 {
		t.Fatalf("cancelled: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/screenings/" + id})
	if field(r, "remaining") != 100.0 {
		t.Fatalf("seats back: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/guest/orders/" + token + "/self-cancel"}), 409, "This order is already cancelled")
}
