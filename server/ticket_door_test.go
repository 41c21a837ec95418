package server_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// TestTicketPDFDownload: the buyer downloads a ticket as a PDF carrying its
// code (the QR payload); a second account and a visitor get 404 and 401.
func TestTicketPDFDownload(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(map[string]any{"priceCents": 0, "title": "東京の夜"})
	r := w.order(w.buyer, id, 1)
	expect(t, r, 201, "")
	tk := field(r, "tickets").([]any)[0].(map[string]any)
	path := "/api/v1/tickets/" + fmt.Sprint(tk["id"]) + "/ticket.pdf"
	r = s.do(call{method: "GET", path: path, token: w.buyer, header: map[string]string{"Accept-Language": "ja"}})
	if r.status != 200 || r.header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.raw, []byte("%PDF-")) ||
		r.header.Get("Content-Length") != fmt.Sprint(len(r.raw)) || !bytes.Contains(r.raw, []byte(tk["code"].(string))) {
		t.Fatalf("pdf: %d %v %q", r.status, r.header, r.raw[:min(len(r.raw), 40)])
	}
	if !strings.Contains(r.header.Get("Content-Disposition"), "marquee-ticket-") {
		t.Fatalf("disposition %q", r.header.Get("Content-Disposition"))
	}
	expect(t, s.do(call{method: "GET", path: path, token: w.other}), 404, "Ticket not found")
	expect(t, s.do(call{method: "GET", path: path}), 401, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets/abc/ticket.pdf", token: w.buyer}), 404, "")
}

// TestWaitlistThroughAPI: joining while seats remain is 409; once sold
// out the buyer joins (rate limited per client), a cancellation offers
// the seat by e-mail, only the owner reads and claims the offer.
func TestWaitlistThroughAPI(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(map[string]any{"capacity": 1})
	join := func(tok string) reply {
		return s.do(call{method: "POST", path: "/api/v1/screenings/" + id + "/waitlist", token: tok, body: `{"quantity":1}`})
	}
	expect(t, join(w.other), 409, "Seats are still available")
	r := w.order(w.buyer, id, 1)
	expect(t, r, 201, "")
	order := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "POST", path: "/api/v1/screenings/" + id + "/waitlist", body: `{"quantity":1}`}), 401, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/screenings/" + id + "/waitlist", token: w.other, body: `{"quantity":0}`}), 400, "")
	r = join(w.other)
	expect(t, r, 201, "")
	if field(r, "status") != "waiting" || field(r, "ahead") != 0.0 {
		t.Fatalf("joined: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/screenings/" + id + "/waitlist", token: w.other}), 200, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/screenings/" + id + "/waitlist", token: w.doorer}), 404, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/cancel", token: w.buyer}), 200, "")
	mails, err := db.Mail.List(adminCtx(t), marquee.MailFilter{})
	if err != nil {
		t.Fatal(err)
	}
	token := ""
	for _, m := range mails.Items {
		if m.Kind == "waitlist-offer" && m.To == "other@example.com" {
			token = regexp.MustCompile(`/waitlist/offers/([A-Za-z0-9_-]+)`).FindStringSubmatch(m.Body)[1]
		}
	}
	if token == "" {
		t.Fatal("no offer e-mail")
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/waitlist/offers/" + token, token: w.doorer}), 404, "This offer has expired")
	expect(t, s.do(call{method: "POST", path: "/api/v1/waitlist/offers/" + token + "/claim", token: w.doorer}), 404, "")
	r = s.do(call{method: "GET", path: "/api/v1/waitlist/offers/" + token, token: w.other})
	expect(t, r, 200, "")
	if field(r, "status") != "offered" || field(r, "quantity") != 1.0 {
		t.Fatalf("offer: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/waitlist/offers/" + token + "/claim", token: w.other})
	expect(t, r, 201, "")
	if field(r, "status") != "pending" || field(r, "quantity") != 1.0 {
		t.Fatalf("claimed: %s", r.raw)
	}
	// The limit per client: 20 joins an hour.
	for i := 0; i < 25; i++ {
		if r = join(w.doorer); r.status == 429 {
			break
		}
	}
	expect(t, r, 429, "Too many waiting list requests")
}

// TestCheckInListsThroughAPI: the organiser creates a list; door staff
// check in on it (another screening's ticket is wrong_list) and read the
// live counts but may not undo; a second account sees nothing; the
// organiser undoes, once.
func TestCheckInListsThroughAPI(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	a := w.screening(map[string]any{"priceCents": 0})
	b := w.screening(map[string]any{"priceCents": 0, "title": "Closing"})
	r := w.order(w.buyer, a, 1)
	expect(t, r, 201, "")
	codeA := field(r, "tickets").([]any)[0].(map[string]any)["code"].(string)
	ticketA := fmt.Sprint(field(r, "tickets").([]any)[0].(map[string]any)["id"])
	r = w.order(w.buyer, b, 1)
	codeB := field(r, "tickets").([]any)[0].(map[string]any)["code"].(string)
	expect(t, s.do(call{method: "POST", path: w.manage("/door-staff"), token: w.org, body: `{"email":"door@example.com"}`}), 201, "")

	body := `{"name":"Hall A","screeningIds":[` + a + `]}`
	expect(t, s.do(call{method: "POST", path: w.manage("/check-in/lists"), token: w.other, body: body}), 404, "Festival not found")
	expect(t, s.do(call{method: "POST", path: w.manage("/check-in/lists"), token: w.doorer, body: body}), 404, "Festival not found")
	expect(t, s.do(call{method: "POST", path: w.manage("/check-in/lists"), token: w.org, body: `{"name":"","screeningIds":[]}`}), 400, "")
	r = s.do(call{method: "POST", path: w.manage("/check-in/lists"), token: w.org, body: body})
	expect(t, r, 201, "")
	list := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "GET", path: w.manage("/check-in/lists"), token: w.other}), 404, "")

	checkIn := func(code string) reply {
		return s.do(call{method: "POST", path: w.manage("/check-in"), token: w.doorer, body: `{"listId":` + list + `,"code":"` + code + `"}`})
	}
	r = checkIn(codeB)
	expect(t, r, 200, "")
	if field(r, "result") != "wrong_list" {
		t.Fatalf("other screening: %s", r.raw)
	}
	r = checkIn(codeA)
	if field(r, "result") != "valid" {
		t.Fatalf("list's screening: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: w.manage("/check-in"), token: w.doorer})
	expect(t, r, 200, "")
	lists := field(r, "lists").([]any)
	if len(lists) != 1 || lists[0].(map[string]any)["checkedIn"] != 1.0 || lists[0].(map[string]any)["sold"] != 1.0 || field(r, "canUndo") != false {
		t.Fatalf("door info: %s", r.raw)
	}
	undo := w.manage("/check-in/tickets/" + ticketA + "/undo")
	expect(t, s.do(call{method: "POST", path: undo, token: w.doorer}), 404, "Festival not found")
	expect(t, s.do(call{method: "POST", path: undo, token: w.other}), 404, "Festival not found")
	r = s.do(call{method: "POST", path: undo, token: w.org})
	expect(t, r, 200, "")
	if field(r, "undoneBy") != "org@example.com" {
		t.Fatalf("undo: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: undo, token: w.org}), 409, "This ticket is not checked in")
	r = s.do(call{method: "GET", path: w.manage("/check-in/lists"), token: w.doorer})
	if r.status != 200 || !strings.Contains(string(r.raw), `"checkedIn":0`) {
		t.Fatalf("counts after undo: %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: w.manage("/check-in/lists/" + list), token: w.org, body: `{"name":"Both","screeningIds":[` + a + `,` + b + `]}`}), 200, "")
	expect(t, s.do(call{method: "DELETE", path: w.manage("/check-in/lists/" + list), token: w.other}), 404, "")
	expect(t, s.do(call{method: "DELETE", path: w.manage("/check-in/lists/" + list), token: w.org}), 204, "")
}
