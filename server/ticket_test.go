package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// ticketWorld is a server with an approved festival (time zone
// Europe/Lisbon), its organiser, an admin, a buyer and a stranger.
type ticketWorld struct {
	t                                *testing.T
	s                                *testServer
	admin, org, buyer, other, doorer string
	fest                             festivalRef
}

func newTicketWorld(t *testing.T, db *storetest.DB) *ticketWorld {
	t.Helper()
	s := newFestivalServer(t, db)
	w := &ticketWorld{t: t, s: s, admin: s.admin()}
	w.org = s.signUp("org@example.com", "organiser-password")
	w.fest = s.createFestival(w.org, nil)
	s.approveFestival(w.admin, w.fest)
	w.buyer = s.signUp("buyer@example.com", "buyer-password")
	w.other = s.signUp("other@example.com", "other-password")
	w.doorer = s.signUp("door@example.com", "door-password")
	r := s.do(call{method: "PUT", path: w.manage("/time-zone"), token: w.org, body: `{"timeZone":"Europe/Lisbon"}`})
	expect(t, r, 200, "")
	return w
}

func (w *ticketWorld) manage(rest string) string {
	return "/api/v1/manage/festivals/" + w.fest.slug + rest
}

// screeningBody is a valid screening: on sale now (festivalNow is
// 2026-03-10 12:00 UTC), showing on 2026-03-15 at 19:00 in Lisbon.
func screeningBody(edit map[string]any) map[string]any {
	b := map[string]any{
		"title": "Opening night", "venue": "Cinema São Jorge", "startsAt": "2026-03-15T19:00", "endsAt": "2026-03-15T21:00",
		"capacity": 100, "priceCents": 1200, "salesStartAt": "2026-03-01T09:00", "salesEndAt": "2026-03-15T18:00",
	}
	for k, v := range edit {
		b[k] = v
	}
	return b
}

// screening creates a screening and returns its id.
func (w *ticketWorld) screening(edit map[string]any) string {
	w.t.Helper()
	r := w.s.do(call{method: "POST", path: w.manage("/screenings"), token: w.org, body: mustJSON(w.t, screeningBody(edit))})
	expect(w.t, r, 201, "")
	return fmt.Sprint(field(r, "id"))
}

// order starts an order and returns the reply.
func (w *ticketWorld) order(token, screening string, quantity int) reply {
	return w.s.do(call{method: "POST", path: "/api/v1/ticket-orders", token: token, body: `{"screeningId":` + screening + `,"quantity":` + fmt.Sprint(quantity) + `}`})
}

const goodCard = `{"country":"PT","card":{"number":"4242 4242 4242 4242","expMonth":12,"expYear":2030,"cvc":"123"}}`
const declinedCard = `{"country":"PT","card":{"number":"4000 0000 0000 0002","expMonth":12,"expYear":2030,"cvc":"123"}}`

func TestTicketScreeningManage(t *testing.T) {
	w := newTicketWorld(t, sqliteDB(t))
	s := w.s
	id := w.screening(nil)
	r := s.do(call{method: "GET", path: w.manage("/screenings"), token: w.org})
	expect(t, r, 200, "")
	if field(r, "timeZone") != "Europe/Lisbon" {
		t.Fatalf("time zone: %s", r.raw)
	}
	item := r.json["items"].([]any)[0].(map[string]any)
	// 19:00 in Lisbon in March (WET, UTC+0) is 19:00 UTC.
	if item["startsAt"] != "2026-03-15T19:00:00Z" || item["startsLocal"] != "2026-03-15T19:00" || item["remaining"] != 100.0 || item["onSale"] != true {
		t.Fatalf("screening: %v", item)
	}
	// Invalid input: every field at once.
	r = s.do(call{method: "POST", path: w.manage("/screenings"), token: w.org, body: mustJSON(t, screeningBody(map[string]any{
		"title": "", "venue": "", "startsAt": "soon", "capacity": 0, "priceCents": -1}))})
	expect(t, r, 400, "")
	for _, f := range []string{"title", "venue", "startsAt", "capacity", "priceCents"} {
		if field(r, "fields", f) == nil {
			t.Errorf("no field error for %s: %s", f, r.raw)
		}
	}
	// Others: 404 as for a missing festival; visitors 401.
	for _, tok := range []string{w.buyer, w.doorer} {
		expect(t, s.do(call{method: "GET", path: w.manage("/screenings"), token: tok}), 404, "Festival not found")
		expect(t, s.do(call{method: "POST", path: w.manage("/screenings/" + id + "/cancel"), token: tok}), 404, "Festival not found")
	}
	expect(t, s.do(call{method: "GET", path: w.manage("/screenings")}), 401, "")
	// The public list and one screening.
	r = s.do(call{method: "GET", path: "/api/v1/festivals/" + w.fest.slug + "/screenings"})
	expect(t, r, 200, "")
	if len(r.json["items"].([]any)) != 1 {
		t.Fatalf("public list: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/screenings/" + id}), 200, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/screenings/999999"}), 404, "Screening not found")
	// Capacity below the seats held is a field error.
	expect(t, w.order(w.buyer, id, 3), 201, "")
	r = s.do(call{method: "PUT", path: w.manage("/screenings/" + id), token: w.org, body: mustJSON(t, screeningBody(map[string]any{"capacity": 2}))})
	expect(t, r, 400, "")
	if field(r, "fields", "capacity") == nil {
		t.Fatalf("capacity: %s", r.raw)
	}
	r = s.do(call{method: "PUT", path: w.manage("/screenings/" + id), token: w.org, body: mustJSON(t, screeningBody(map[string]any{"capacity": 3, "venue": "Room 2"}))})
	expect(t, r, 200, "")
	if field(r, "venue") != "Room 2" || field(r, "held") != 3.0 || field(r, "remaining") != 0.0 {
		t.Fatalf("updated: %s", r.raw)
	}
}

func TestTicketBuyPayAndCheckIn(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(nil)
	r := w.order(w.buyer, id, 2)
	expect(t, r, 201, "")
	if field(r, "status") != "pending" || field(r, "amountCents") != 2400.0 || field(r, "holdExpiresAt") != "2026-03-10T12:10:00Z" {
		t.Fatalf("order: %s", r.raw)
	}
	order := fmt.Sprint(field(r, "id"))
	// Visitors must log in.
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders", body: `{"screeningId":` + id + `,"quantity":1}`}), 401, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets"}), 401, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order}), 401, "")
	// Another buyer cannot see or pay it.
	expect(t, s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.other}), 404, "Order not found")
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.other, body: goodCard}), 404, "Order not found")
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard})
	expect(t, r, 200, "")
	if field(r, "order", "status") != "paid" || len(field(r, "order", "tickets").([]any)) != 2 {
		t.Fatalf("paid: %s", r.raw)
	}
	tk := field(r, "order", "tickets").([]any)[0].(map[string]any)
	code, ticket := tk["code"].(string), fmt.Sprint(tk["id"])
	if len(code) != 26 || strings.ToUpper(code) != code {
		t.Fatalf("code %q", code)
	}
	// The confirmation e-mail carries the codes.
	mails, err := db.Mail.List(adminCtx(t), marquee.MailFilter{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range mails.Items {
		if m.Kind == "ticket-confirmation" && m.To == "buyer@example.com" && strings.Contains(m.Body, code) && strings.Contains(m.Body, "/tickets/"+ticket) {
			found = true
		}
	}
	if !found {
		t.Fatalf("no confirmation with the codes in %d mails", len(mails.Items))
	}

	// My tickets; others' are 404.
	r = s.do(call{method: "GET", path: "/api/v1/tickets", token: w.buyer})
	expect(t, r, 200, "")
	if field(r, "total") != 2.0 {
		t.Fatalf("tickets: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets/" + ticket, token: w.buyer}), 200, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets/" + ticket, token: w.other}), 404, "Ticket not found")
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets/" + ticket}), 401, "")
	r = s.do(call{method: "GET", path: "/api/v1/tickets/" + ticket + "/calendar.ics", token: w.buyer})
	if r.status != 200 || !strings.Contains(string(r.raw), "DTSTART:20260315T190000Z") {
		t.Fatalf("ics: %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/tickets/" + ticket + "/calendar.ics", token: w.other}), 404, "")

	// Check-in: the buyer and a stranger may not; door staff may, but not manage.
	checkIn := func(tok, body string) reply {
		return s.do(call{method: "POST", path: w.manage("/check-in"), token: tok, body: body})
	}
	scan := `{"screeningId":` + id + `,"code":"` + strings.ToLower(code[:5]) + "-" + code[5:] + `"}`
	expect(t, checkIn(w.buyer, scan), 404, "Festival not found")
	expect(t, checkIn(w.doorer, scan), 404, "Festival not found")
	r = s.do(call{method: "POST", path: w.manage("/door-staff"), token: w.org, body: `{"email":"nobody@example.com"}`})
	expect(t, r, 400, "No account uses this e-mail address")
	r = s.do(call{method: "POST", path: w.manage("/door-staff"), token: w.org, body: `{"email":"Door@Example.com"}`})
	expect(t, r, 201, "")
	r = s.do(call{method: "GET", path: "/api/v1/me/door-festivals", token: w.doorer})
	if len(r.json["items"].([]any)) != 1 {
		t.Fatalf("door festivals: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: w.manage("/screenings"), token: w.doorer}), 404, "Festival not found")
	expect(t, s.do(call{method: "GET", path: w.manage("/check-in"), token: w.doorer}), 200, "")
	r = checkIn(w.doorer, scan)
	expect(t, r, 200, "")
	if field(r, "result") != "valid" || field(r, "ticket", "holderEmail") != "buyer@example.com" {
		t.Fatalf("first scan: %s", r.raw)
	}
	r = checkIn(w.org, scan)
	if field(r, "result") != "used" || field(r, "firstUsedAt") != "2026-03-10T12:00:00Z" {
		t.Fatalf("second scan: %s", r.raw)
	}
	r = checkIn(w.org, `{"screeningId":`+id+`,"code":"AAAAAAAAAAAAAAAAAAAAAAAAAA"}`)
	if field(r, "result") != "unknown" || field(r, "ticket") != nil {
		t.Fatalf("unknown: %s", r.raw)
	}
	other := w.screening(map[string]any{"title": "Closing night"})
	r = checkIn(w.org, `{"screeningId":`+other+`,"code":"`+code+`"}`)
	if field(r, "result") != "wrong_screening" {
		t.Fatalf("wrong screening: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: w.manage("/check-in/holders?q=BUYER"), token: w.doorer})
	expect(t, r, 200, "")
	if len(r.json["items"].([]any)) != 2 {
		t.Fatalf("holders: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: w.manage("/check-in/holders?q=b"), token: w.doorer}), 400, "")
	second := fmt.Sprint(field(r, "items").([]any)[1].(map[string]any)["ticketId"])
	r = checkIn(w.doorer, `{"screeningId":`+id+`,"ticketId":`+second+`}`)
	if field(r, "result") != "valid" && field(r, "result") != "used" {
		t.Fatalf("by id: %s", r.raw)
	}
	expect(t, s.do(call{method: "DELETE", path: w.manage("/door-staff/" + fmt.Sprint(s.userID(w.doorer))), token: w.org}), 204, "")
	expect(t, checkIn(w.doorer, scan), 404, "Festival not found")

	// Figures.
	r = s.do(call{method: "GET", path: w.manage("/screenings"), token: w.org})
	item := r.json["items"].([]any)[0].(map[string]any)
	if item["sold"] != 2.0 || item["checkedIn"] != 2.0 || item["incomeCents"] != 2400.0 || item["remaining"] != 98.0 {
		t.Fatalf("figures: %v", item)
	}
}

func TestTicketDeclinedExpiredAndSoldOut(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(map[string]any{"capacity": 3})
	r := w.order(w.buyer, id, 2)
	order := fmt.Sprint(field(r, "id"))
	r = s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: declinedCard})
	expect(t, r, 200, "")
	// The decline keeps the hold for a retry; the buyer gives up instead.
	if field(r, "order", "status") != "pending" || field(r, "order", "failureMessage") != "Your card was declined." || field(r, "order", "screening", "remaining") != 1.0 {
		t.Fatalf("declined: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/cancel", token: w.buyer}), 200, "")
	// Quantity rules and the 409s.
	expect(t, w.order(w.buyer, id, 11), 400, "")
	expect(t, w.order(w.buyer, id, 4), 409, "Only 3 tickets left")
	expect(t, w.order(w.buyer, id, 3), 201, "")
	expect(t, w.order(w.other, id, 1), 409, "Sold out")
	// The hold passes: the worker path releases it.
	db.Clock.Set(festivalNow.Add(11 * time.Minute))
	n, err := db.Tickets.ReleaseExpiredHolds(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("released %d, %v", n, err)
	}
	r = w.order(w.other, id, 1)
	expect(t, r, 201, "")
	late := fmt.Sprint(field(r, "id"))
	db.Clock.Set(festivalNow.Add(22 * time.Minute))
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + late + "/pay", token: w.other, body: goodCard}), 409, "Your reservation has expired")
	// Not on sale.
	closed := w.screening(map[string]any{"salesStartAt": "2026-03-12T09:00"})
	expect(t, w.order(w.buyer, closed, 1), 409, "Tickets for this screening are not on sale")
	// Free screening: paid at once.
	free := w.screening(map[string]any{"priceCents": 0})
	r = w.order(w.buyer, free, 2)
	expect(t, r, 201, "")
	if field(r, "status") != "paid" || len(field(r, "tickets").([]any)) != 2 {
		t.Fatalf("free: %s", r.raw)
	}
}

func TestTicketScreeningCancelRefunds(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(nil)
	r := w.order(w.buyer, id, 1)
	order := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard}), 200, "")
	expect(t, w.order(w.other, id, 2), 201, "")
	r = s.do(call{method: "POST", path: w.manage("/screenings/" + id + "/cancel"), token: w.org})
	expect(t, r, 200, "")
	if field(r, "status") != "cancelled" || field(r, "sold") != 0.0 || field(r, "held") != 0.0 {
		t.Fatalf("cancelled: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: w.manage("/screenings/" + id + "/cancel"), token: w.org}), 200, "")
	r = s.do(call{method: "GET", path: "/api/v1/ticket-orders/" + order, token: w.buyer})
	if field(r, "status") != "refunded" || field(r, "tickets").([]any)[0].(map[string]any)["status"] != "cancelled" {
		t.Fatalf("refunded: %s", r.raw)
	}
	expect(t, w.order(w.buyer, id, 1), 409, "Tickets for this screening are not on sale")
}

// A festival's screenings are in the zone of its place until its organiser
// saves one: a festival in Kyoto lists Asia/Tokyo, not UTC.
func TestTicketTimeZoneDefaultsFromPlace(t *testing.T) {
	s := newFestivalServer(t, sqliteDB(t))
	org := s.signUp("org@example.com", "organiser-password")
	f := s.createFestival(org, map[string]any{"country": "JP", "city": "Kyoto", "location": "京都、日本"})
	path := "/api/v1/manage/festivals/" + f.slug
	r := s.do(call{method: "GET", path: path + "/screenings", token: org})
	expect(t, r, 200, "")
	if field(r, "timeZone") != "Asia/Tokyo" || field(r, "timeZoneChosen") != false {
		t.Fatalf("a festival in Kyoto: %s", r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: path + "/time-zone", token: org, body: `{"timeZone":"UTC"}`}), 200, "")
	r = s.do(call{method: "GET", path: path + "/screenings", token: org})
	if field(r, "timeZone") != "UTC" || field(r, "timeZoneChosen") != true {
		t.Fatalf("after choosing UTC: %s", r.raw)
	}
}
