package server_test

import (
	"strings"
	"testing"
)

// TestFestivalCurrency: the organiser sets the festival's ticket currency
// (yen): the screenings list says it, a ticket type at ¥1,500 is 1500, an
// order of two is ¥3,000; an unsupported currency is a translated field
// error; once sold, the currency stays; a stranger gets 404, a visitor
// 401; the earnings page reads in yen.
func TestFestivalCurrency(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(nil)
	r := s.do(call{method: "PUT", path: w.manage("/currency"), token: w.org, body: `{"currency":"gbp"}`, header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 400, "")
	if msg, _ := field(r, "fields", "currency").(string); !strings.Contains(msg, "JPY") || msg == "Choose a supported currency: USD, EUR, JPY or CNY" {
		t.Fatalf("gbp in Japanese: %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: w.manage("/currency"), token: w.other, body: `{"currency":"jpy"}`}), 404, "Festival not found")
	expect(t, s.do(call{method: "PUT", path: w.manage("/currency"), body: `{"currency":"jpy"}`}), 401, "")
	r = s.do(call{method: "PUT", path: w.manage("/currency"), token: w.org, body: `{"currency":"JPY"}`})
	expect(t, r, 200, "")
	if field(r, "currency") != "jpy" {
		t.Fatalf("answer %s", r.raw)
	}
	r = s.do(call{method: "GET", path: w.manage("/screenings"), token: w.org})
	if field(r, "currency") != "jpy" || r.json["items"].([]any)[0].(map[string]any)["currency"] != "jpy" {
		t.Fatalf("screenings %s", r.raw)
	}
	r = s.do(call{method: "POST", path: w.manage("/screenings/" + id + "/ticket-types"), token: w.org, body: `{"name":"Full","priceCents":1500,"quota":null}`})
	expect(t, r, 201, "")
	typeID := field(r, "id")
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders", token: w.buyer, body: mustJSON(t, map[string]any{"screeningId": field(s.do(call{method: "GET", path: "/api/v1/screenings/" + id}), "id"),
		"items": []map[string]any{{"ticketTypeId": typeID, "quantity": 2}}})})
	expect(t, r, 201, "")
	if field(r, "amountCents") != 3000.0 || field(r, "currency") != "jpy" {
		t.Fatalf("order %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: w.manage("/currency"), token: w.org, body: `{"currency":"usd"}`}), 400, "The currency cannot change once tickets have been sold")
	r = s.do(call{method: "GET", path: w.manage("/earnings?currency=jpy"), token: w.org})
	expect(t, r, 200, "")
	if field(r, "currency") != "jpy" {
		t.Fatalf("earnings %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: w.manage("/earnings"), token: w.other}), 404, "")
}
