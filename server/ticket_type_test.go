package server_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// list decodes a reply whose body is a JSON array.
func list(t *testing.T, r reply) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := json.Unmarshal(r.raw, &out); err != nil {
		t.Fatalf("not a list: %s", r.raw)
	}
	return out
}

// TestTicketTypesAndVouchersOverHTTP: the organiser adds a type and a
// voucher; a buyer checks a code (a refused one says why, in Japanese
// too), orders two types with the code and attendee names, and sees the
// discounted total; another organiser sees and changes none of it.
func TestTicketTypesAndVouchersOverHTTP(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(map[string]any{"capacity": 10, "priceCents": 1200})
	typesPath := w.manage("/screenings/" + id + "/ticket-types")
	r := s.do(call{method: "POST", path: typesPath, token: w.org, body: `{"name":"Concession","priceCents":800,"quota":3}`})
	expect(t, r, 201, "")
	conc := fmt.Sprint(field(r, "id"))
	r = s.do(call{method: "POST", path: typesPath, token: w.org, body: `{"name":"","priceCents":800}`})
	expect(t, r, 400, "")
	if field(r, "fields", "name") != "Name the ticket type (for example Concession)" {
		t.Fatalf("unnamed type: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: typesPath, token: w.org})
	expect(t, r, 200, "")
	types := list(t, r)
	if len(types) != 2 || types[0]["default"] != true || types[0]["priceCents"] != 1200.0 {
		t.Fatalf("types: %s", r.raw)
	}
	def := fmt.Sprint(types[0]["id"])
	r = s.do(call{method: "PUT", path: w.manage("/screenings/" + id + "/attendee-names"), token: w.org, body: `{"attendeeNames":"required"}`})
	expect(t, r, 200, "")
	r = s.do(call{method: "POST", path: w.manage("/vouchers"), token: w.org,
		body: `{"code":"spring10","kind":"percent","value":10,"usageLimit":5,"screeningIds":[` + id + `]}`})
	expect(t, r, 201, "")
	voucher := fmt.Sprint(field(r, "id"))

	// The public screening offers the types and asks for names.
	r = s.do(call{method: "GET", path: "/api/v1/screenings/" + id})
	expect(t, r, 200, "")
	if field(r, "attendeeNames") != "required" || len(r.json["ticketTypes"].([]any)) != 2 {
		t.Fatalf("public screening: %s", r.raw)
	}

	items := `[{"ticketTypeId":` + def + `,"quantity":1,"attendees":["Ana"]},{"ticketTypeId":` + conc + `,"quantity":2,"attendees":["Bo","Cy"]}]`
	r = s.do(call{method: "POST", path: "/api/v1/voucher-checks", token: w.buyer, body: `{"screeningId":` + id + `,"code":"NOPE","items":` + items + `}`})
	expect(t, r, 400, "")
	if field(r, "fields", "voucherCode") != "This code does not exist" {
		t.Fatalf("unknown code: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/voucher-checks", token: w.buyer, header: map[string]string{"Accept-Language": "ja"},
		body: `{"screeningId":` + id + `,"code":"NOPE","items":` + items + `}`})
	if field(r, "fields", "voucherCode") != "このコードは存在しません" {
		t.Fatalf("unknown code in Japanese: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/voucher-checks", token: w.buyer, body: `{"screeningId":` + id + `,"code":"Spring10","items":` + items + `}`})
	expect(t, r, 200, "")
	if field(r, "subtotalCents") != 2800.0 || field(r, "discountCents") != 280.0 || field(r, "totalCents") != 2520.0 {
		t.Fatalf("quote: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders", token: w.buyer, body: `{"screeningId":` + id + `,"voucherCode":"spring10","items":` + items + `}`})
	expect(t, r, 201, "")
	if field(r, "amountCents") != 2520.0 || field(r, "voucherCode") != "SPRING10" || len(r.json["lines"].([]any)) != 2 {
		t.Fatalf("order: %s", r.raw)
	}
	order := fmt.Sprint(field(r, "id"))
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard})
	expect(t, r, 200, "")
	tickets := r.json["order"].(map[string]any)["tickets"].([]any)
	if len(tickets) != 3 || tickets[0].(map[string]any)["attendeeName"] != "Ana" || tickets[1].(map[string]any)["ticketTypeName"] != "Concession" {
		t.Fatalf("paid: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: w.manage("/screenings/" + id + "/orders"), token: w.org})
	expect(t, r, 200, "")
	if o := list(t, r); len(o) != 1 || len(o[0]["attendees"].([]any)) != 3 || o[0]["voucherCode"] != "SPRING10" {
		t.Fatalf("organiser orders: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: w.manage("/vouchers"), token: w.org})
	if v := list(t, r); len(v) != 1 || v[0]["used"] != 1.0 {
		t.Fatalf("vouchers: %s", r.raw)
	}

	// Another organiser: 404 everywhere, nothing changed.
	other := s.signUp("org2@example.com", "organiser2-password")
	s.createFestival(other, nil)
	for _, c := range []call{
		{method: "GET", path: typesPath},
		{method: "POST", path: typesPath, body: `{"name":"Mine","priceCents":100}`},
		{method: "PUT", path: typesPath + "/" + conc, body: `{"name":"Mine","priceCents":100}`},
		{method: "DELETE", path: typesPath + "/" + conc},
		{method: "PUT", path: w.manage("/screenings/" + id + "/attendee-names"), body: `{"attendeeNames":"off"}`},
		{method: "GET", path: w.manage("/screenings/" + id + "/orders")},
		{method: "GET", path: w.manage("/vouchers")},
		{method: "POST", path: w.manage("/vouchers"), body: `{"code":"MINE1","kind":"free","usageLimit":1}`},
		{method: "POST", path: w.manage("/vouchers/" + voucher + "/disable")},
	} {
		c.token = other
		r := s.do(c)
		if r.status != 404 {
			t.Fatalf("%s %s as another organiser: %d %s", c.method, c.path, r.status, r.raw)
		}
	}
	r = s.do(call{method: "GET", path: w.manage("/vouchers"), token: w.org})
	if v := list(t, r); len(v) != 1 || v[0]["disabledAt"] != nil {
		t.Fatalf("voucher changed by another: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: typesPath, token: w.org})
	if ts := list(t, r); len(ts) != 2 || ts[1]["name"] != "Concession" {
		t.Fatalf("types changed by another: %s", r.raw)
	}
}

// TestVoucherCheckRateLimited: code checks are limited per client.
func TestVoucherCheckRateLimited(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	id := w.screening(nil)
	body := `{"screeningId":` + id + `,"code":"GUESS1","items":[]}`
	got429 := false
	for i := 0; i < 40 && !got429; i++ {
		r := w.s.do(call{method: "POST", path: "/api/v1/voucher-checks", token: w.buyer, body: body})
		got429 = r.status == 429
	}
	if !got429 {
		t.Fatal("40 code checks were never limited")
	}
}
