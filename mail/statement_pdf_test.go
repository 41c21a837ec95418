package mail

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// utf16BE is s as fpdf writes a UTF-8 font's text in a content stream
// (each character as its two-byte code point).
func utf16BE(s string) []byte {
	var b []byte
	for _, r := range s {
		b = append(b, byte(r>>8), byte(r))
	}
	return b
}

func statementReport(withTax bool) *marquee.FestivalEarningsReport {
	at := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	rows := []*marquee.FestivalEarning{
		{ID: 1, Kind: marquee.EarningTicket, AmountCents: 2400, Currency: "USD", Source: "ticket_order:1", CreatedAt: at, AvailableAt: at},
		{ID: 2, Kind: marquee.EarningCommission, AmountCents: -204, Currency: "USD", Source: "ticket_order:1", CreatedAt: at, AvailableAt: at},
		{ID: 3, Kind: marquee.EarningEntryFee, AmountCents: 1200, Currency: "USD", Source: "submission:4", CreatedAt: at, AvailableAt: at},
		{ID: 4, Kind: marquee.EarningRefund, AmountCents: -300, Currency: "USD", Source: "ticket_order:2", CreatedAt: at, AvailableAt: at},
		{ID: 5, Kind: marquee.EarningPayout, AmountCents: -1500, Currency: "USD", Source: "payout:9", CreatedAt: at, AvailableAt: at},
	}
	rep := &marquee.FestivalEarningsReport{FestivalID: 3, FestivalSlug: "tokyo", FestivalName: "東京映画祭 · 上海电影节", Currency: "USD",
		CreditValueCents: 40, CommissionPercent: "8.5", GeneratedAt: at,
		Statement: *marquee.BuildEarningsStatement("2026-03", 10000, rows)}
	if withTax {
		rep.TaxData = &marquee.PayoutTaxData{LegalName: "株式会社東京フィルム", Address: "Rua 1, Lisboa", Country: "PT", TaxID: "PT123456789"}
	}
	return rep
}

// The statement PDF is a PDF whose text holds the festival's CJK name,
// every line's amount, the closing balance, the credit value and the
// payout account's tax data, in the reader's language.
func TestStatementPDFHoldsTheFiguresAndTaxData(t *testing.T) {
	rep := statementReport(true)
	if rep.Statement.ClosingCents != 11596 {
		t.Fatalf("closing %d", rep.Statement.ClosingCents)
	}
	b, err := StatementPDF(rep, "ja")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) || !bytes.Contains(b, []byte("/FontFile2")) {
		t.Fatalf("not a PDF with its font: %q", b[:min(20, len(b))])
	}
	text := pdfStreams(t, b)
	for _, want := range []string{
		"東京映画祭", "上海电影节", // the festival, in CJK
		"2026-03",                                                               // the month
		"$100.00", "$12.00", "$24.00", "-$3.00", "-$2.04", "-$15.00", "$115.96", // opening, income by source, refund, commission, payout, closing
		"$0.40",                                            // the credit value
		"株式会社東京フィルム", "Rua 1, Lisboa", "PT", "PT123456789", // tax data
		"期末残高", "支払い口座", // Japanese labels: closing balance, payout account
	} {
		if !bytes.Contains(text, utf16BE(want)) {
			t.Errorf("the PDF's text lacks %q", want)
		}
	}
	if bytes.Contains(text, utf16BE("Closing balance")) {
		t.Error("the Japanese statement prints English labels")
	}

	en, err := StatementPDF(statementReport(false), "en")
	if err != nil {
		t.Fatal(err)
	}
	enText := pdfStreams(t, en)
	if !bytes.Contains(enText, utf16BE("Closing balance")) || !bytes.Contains(enText, utf16BE("$115.96")) {
		t.Error("the English statement lacks its closing balance")
	}
	if bytes.Contains(enText, utf16BE("Payout account")) || bytes.Contains(enText, utf16BE("PT123456789")) {
		t.Error("a festival without a payout account shows tax data")
	}
	again, _ := StatementPDF(statementReport(false), "en")
	if !bytes.Equal(en, again) {
		t.Error("the same report gave different bytes")
	}
	// Both dates are the report's, not the time of writing, which made two
	// writes a second apart differ.
	stamp := []byte("(D:" + statementReport(false).GeneratedAt.Format("20060102150405") + ")")
	if n := bytes.Count(en, stamp); n != 2 {
		t.Errorf("the report's time %s is in the PDF %d times, want 2 (CreationDate, ModDate)", stamp, n)
	}
	if name := StatementPDFName("tokyo", "2026-03"); !strings.HasSuffix(name, ".pdf") || !strings.Contains(name, "2026-03") {
		t.Errorf("name %q", name)
	}
}
