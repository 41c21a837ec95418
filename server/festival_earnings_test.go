package server_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
)

// A paid ticket shows in its festival's earnings with the commission, to
// the organiser and admins; the statement downloads as CSV with a BOM;
// a second organiser, a buyer and a visitor see nothing; admins set and
// clear a festival's commission (others cannot), and the dashboard shows
// the platform's revenue beside the festivals' earnings.
func TestFestivalEarningsOverTheAPI(t *testing.T) {
	db := sqliteDB(t)
	w := newTicketWorld(t, db)
	s := w.s
	id := w.screening(nil) // 1200 cents a seat
	r := w.order(w.buyer, id, 2)
	expect(t, r, 201, "")
	order := fmt.Sprint(field(r, "id"))
	expect(t, s.do(call{method: "POST", path: "/api/v1/ticket-orders/" + order + "/pay", token: w.buyer, body: goodCard}), 200, "")

	earnings := w.manage("/earnings")
	r = s.do(call{method: "GET", path: earnings, token: w.org})
	expect(t, r, 200, "")
	// 2400 less 8.5 % (204), pending until the screening ends.
	if field(r, "balance", "pendingCents") != 2196.0 || field(r, "balance", "availableCents") != 0.0 || field(r, "commissionPercent") != "8.5" ||
		field(r, "creditValueCents") != 40.0 || field(r, "statement", "ticketCents") != 2400.0 || field(r, "statement", "commissionCents") != -204.0 ||
		field(r, "statement", "month") != "2026-03" {
		t.Fatalf("earnings %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: earnings, token: w.admin}), 200, "")
	expect(t, s.do(call{method: "GET", path: earnings + "?month=March"}), 401, "")
	expect(t, s.do(call{method: "GET", path: earnings + "?month=March", token: w.org}), 400, "Month must be written as YYYY-MM")

	// The statement as CSV: a BOM, the credit value, the ticket rows.
	r = s.do(call{method: "GET", path: earnings + "/statement.csv?month=2026-03", token: w.org})
	expect(t, r, 200, "")
	if !bytes.HasPrefix(r.raw, []byte("\xEF\xBB\xBF")) || r.header.Get("Content-Type") != "text/csv; charset=utf-8" ||
		!strings.Contains(r.header.Get("Content-Disposition"), "statement-2026-03.csv") {
		t.Fatalf("csv %q %v", r.raw[:min(10, len(r.raw))], r.header)
	}
	cr := csv.NewReader(bytes.NewReader(r.raw[3:]))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][3] != "credit_value_cents" || rows[1][3] != "40" || rows[1][4] != "8.5" {
		t.Fatalf("csv head %v", rows[:2])
	}
	var tickets, commissionRow bool
	for _, row := range rows {
		if len(row) == 6 && row[1] == "ticket" && row[2] == "ticket_order:"+order && row[3] == "2400" {
			tickets = true
		}
		if len(row) == 6 && row[1] == "commission" && row[3] == "-204" {
			commissionRow = true
		}
	}
	if !tickets || !commissionRow {
		t.Fatalf("csv rows %v", rows)
	}

	// Nobody else: the 404 of a festival that does not exist.
	missing := s.do(call{method: "GET", path: "/api/v1/manage/festivals/no-such-festival/earnings", token: w.other})
	expect(t, missing, 404, "")
	for name, tok := range map[string]string{"another organiser": w.other, "a buyer": w.buyer} {
		for _, path := range []string{earnings, earnings + "/statement.csv"} {
			r := s.do(call{method: "GET", path: path, token: tok})
			if r.status != 404 || string(r.raw) != string(missing.raw) {
				t.Fatalf("%s at %s: %d %s", name, path, r.status, r.raw)
			}
		}
	}
	otherFest := s.createFestival(w.other, map[string]any{"name": "Other Days"})
	r = s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + otherFest.slug + "/earnings", token: w.other})
	expect(t, r, 200, "")
	if field(r, "balance", "pendingCents") != 0.0 || len(field(r, "statement", "rows").([]any)) != 0 {
		t.Fatalf("the other festival shows money: %s", r.raw)
	}

	// Commission overrides: admins only, validated, audited, cleared.
	commission := "/api/v1/admin/festivals/" + w.fest.slug + "/commission"
	expect(t, s.do(call{method: "PUT", path: commission, token: w.org, body: `{"percent":"1"}`}), 403, "")
	r = s.do(call{method: "PUT", path: commission, token: w.admin, body: `{"percent":"150"}`})
	expect(t, r, 400, "")
	if field(r, "fields", "percent") == nil {
		t.Fatalf("no field message: %s", r.raw)
	}
	r = s.do(call{method: "PUT", path: commission, token: w.admin, body: `{"percent":"6"}`})
	expect(t, r, 200, "")
	r = s.do(call{method: "GET", path: "/api/v1/admin/commission-overrides", token: w.admin})
	expect(t, r, 200, "")
	if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["commissionPercent"] != "6" || field(r, "defaultPercent") != "8.5" {
		t.Fatalf("overrides %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/commission-overrides", token: w.org}), 403, "")
	r = s.do(call{method: "GET", path: earnings, token: w.org})
	if field(r, "commissionPercent") != "6" || field(r, "commissionOverridden") != true {
		t.Fatalf("override not shown: %s", r.raw)
	}
	expect(t, s.do(call{method: "DELETE", path: commission, token: w.admin}), 204, "")
	expect(t, s.do(call{method: "DELETE", path: commission, token: w.admin}), 404, "")
	r = s.do(call{method: "GET", path: "/api/v1/admin/audit?action=festival.commission_set", token: w.admin})
	expect(t, r, 200, "")
	if n := len(field(r, "items").([]any)); n != 1 {
		t.Fatalf("%d audit entries: %s", n, r.raw)
	}

	// The dashboard: platform revenue beside the festivals' earnings.
	r = s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: w.admin})
	expect(t, r, 200, "")
	if field(r, "commissionCents") != 204.0 || field(r, "festivalEarningsCents") != 2196.0 {
		t.Fatalf("dashboard %s", r.raw)
	}
}
