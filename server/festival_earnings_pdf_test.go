package server_test

import (
	"bytes"
	"compress/zlib"
	"encoding/csv"
	"io"
	"regexp"
	"strings"
	"testing"
)

var pdfStreamRE = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// pdfText returns a PDF's streams, inflated where they are.
func pdfText(b []byte) []byte {
	var out bytes.Buffer
	for _, m := range pdfStreamRE.FindAllSubmatch(b, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		data, _ := io.ReadAll(r)
		out.Write(data)
	}
	return out.Bytes()
}

// utf16BE is s as fpdf writes it with a UTF-8 font (two bytes a character).
func utf16BE(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r>>8), byte(r))
	}
	return b
}

// TestFestivalEarningsStatementPDFAndTaxData: the statement downloads as a
// PDF (the festival's CJK name, the month, the payout account's tax data)
// to the organiser and admins in the reader's language; the page's report
// and the CSV carry the tax data once there is an account (and none
// before); a second organiser gets the 404 of a missing festival and sees
// nothing, a visitor 401, a bad month 400.
func TestFestivalEarningsStatementPDFAndTaxData(t *testing.T) {
	db := sqliteDB(t)
	s := newFestivalServer(t, db)
	admin := s.admin()
	org := s.signUp("org@example.com", "organiser-password")
	other := s.signUp("other@example.com", "other-password")
	f := s.createFestival(org, map[string]any{"name": "京都短編映画祭"})
	base := "/api/v1/manage/festivals/" + f.slug + "/earnings"
	pdf := base + "/statement.pdf?month=2026-03"

	// No account yet: no tax data anywhere.
	r := s.do(call{method: "GET", path: base, token: org})
	expect(t, r, 200, "")
	if field(r, "taxData") != nil {
		t.Fatalf("tax data without an account: %s", r.raw)
	}
	r = s.do(call{method: "GET", path: pdf, token: org})
	expect(t, r, 200, "")
	if bytes.Contains(pdfText(r.raw), utf16BE("Payout account")) {
		t.Fatal("the PDF shows a payout account the festival does not have")
	}

	tax := `{"legalName":"Kyoto Shorts 合同会社","address":"Rua 1, Lisboa","country":"pt","taxId":"PT123456789"}`
	expect(t, s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug + "/payout-account", token: org, body: tax}), 200, "")

	r = s.do(call{method: "GET", path: base + "?month=2026-03", token: org})
	expect(t, r, 200, "")
	if field(r, "taxData", "legalName") != "Kyoto Shorts 合同会社" || field(r, "taxData", "country") != "PT" || field(r, "taxData", "taxId") != "PT123456789" {
		t.Fatalf("report tax data: %s", r.raw)
	}

	// The CSV carries the tax data under its own header.
	r = s.do(call{method: "GET", path: base + "/statement.csv?month=2026-03", token: org})
	expect(t, r, 200, "")
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.raw, []byte("\xEF\xBB\xBF"))))
	cr.FieldsPerRecord = -1
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var taxRow []string
	for i, row := range rows {
		if len(row) == 4 && row[0] == "legal_name" && i+1 < len(rows) {
			taxRow = rows[i+1]
		}
	}
	if taxRow == nil || taxRow[0] != "Kyoto Shorts 合同会社" || taxRow[1] != "Rua 1, Lisboa" || taxRow[2] != "PT" || taxRow[3] != "PT123456789" {
		t.Fatalf("csv tax data: %v", rows)
	}

	// The PDF, in Japanese.
	r = s.do(call{method: "GET", path: pdf, token: org, header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, 200, "")
	if r.header.Get("Content-Type") != "application/pdf" || !strings.Contains(r.header.Get("Content-Disposition"), "statement-2026-03.pdf") ||
		!bytes.HasPrefix(r.raw, []byte("%PDF-")) {
		t.Fatalf("pdf %q %v", r.raw[:min(10, len(r.raw))], r.header)
	}
	text := pdfText(r.raw)
	for _, want := range []string{"京都短編映画祭", "2026-03", "Kyoto Shorts 合同会社", "PT123456789", "期末残高", "$0.00"} {
		if !bytes.Contains(text, utf16BE(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	expect(t, s.do(call{method: "GET", path: pdf, token: admin}), 200, "")

	// Nobody else.
	expect(t, s.do(call{method: "GET", path: pdf}), 401, "")
	expect(t, s.do(call{method: "GET", path: base + "/statement.pdf?month=March", token: org}), 400, "Month must be written as YYYY-MM")
	missing := s.do(call{method: "GET", path: "/api/v1/manage/festivals/no-such-festival/earnings/statement.pdf", token: other})
	expect(t, missing, 404, "")
	for _, path := range []string{pdf, base + "/statement.csv", base} {
		r := s.do(call{method: "GET", path: path, token: other})
		if r.status != 404 || string(r.raw) != string(missing.raw) || strings.Contains(string(r.raw), "PT123456789") {
			t.Fatalf("a second organiser at %s: %d %s", path, r.status, r.raw)
		}
	}
}
