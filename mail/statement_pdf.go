package mail

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// StatementPDFContentType is the media type of a statement's PDF.
const StatementPDFContentType = "application/pdf"

// StatementPDFName is the file name of the festival's statement of month.
func StatementPDFName(slug, month string) string {
	return slug + "-statement-" + month + ".pdf"
}

// StatementPDF writes rep's monthly statement as an A4 PDF in lang, with
// the ticket's embedded font (ticketFont) so that names in any script
// print: the festival and the month, the statement's lines (opening
// balance, income by source with counts, refunds, withdrawals,
// commission, payouts, adjustments, closing balance), the credit value and
// commission they were counted with, and the payout account's tax data
// (legal name, address, country, tax id) when the festival has an account.
// The same report gives the same bytes (its creation date is the report's).
func StatementPDF(rep *marquee.FestivalEarningsReport, lang string) ([]byte, error) {
	lang = Language(lang)
	st := &rep.Statement
	money := func(c int64) string { return FormatAmount(c, st.Currency) }
	vars := locale.Vars{"festival": oneLine(rep.FestivalName), "month": st.Month}

	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCreationDate(rep.GeneratedAt)
	// Without it fpdf writes the time of writing as ModDate, and two writes
	// a second apart differed (a make test run failed on it).
	pdf.SetModificationDate(rep.GeneratedAt)
	pdf.SetCatalogSort(true)
	pdf.SetTitle(locale.Format(lang, "{festival} — earnings statement, {month}", vars), true)
	pdf.SetCreator("Marquee", true)
	pdf.SetMargins(18, 18, 18)
	pdf.SetAutoPageBreak(true, 18)
	pdf.AddUTF8FontFromBytes("statement", "", ticketFont)
	pdf.AddPage()
	w, _ := pdf.GetPageSize()
	inner := w - 36

	pdf.SetFont("statement", "", 10)
	pdf.SetTextColor(90, 90, 90)
	pdf.MultiCell(inner, 5, locale.Text(lang, "Marquee earnings statement"), "", "L", false)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("statement", "", 16)
	pdf.MultiCell(inner, 8, oneLine(rep.FestivalName), "", "L", false)
	pdf.SetFont("statement", "", 11)
	pdf.MultiCell(inner, 6, locale.Format(lang, "Month: {month}", vars), "", "L", false)
	pdf.Ln(4)

	lines := []struct {
		label string
		cents int64
		total bool
	}{
		{locale.Text(lang, "Opening balance"), st.OpeningCents, false},
		{locale.Format(lang, "Entry fees ({count} paid)", locale.Vars{"count": strconv.Itoa(st.EntryFees)}), st.EntryFeeCents, false},
		{locale.Format(lang, "Tickets ({count} orders)", locale.Vars{"count": strconv.Itoa(st.TicketOrders)}), st.TicketCents, false},
		{locale.Text(lang, "Refunds"), st.RefundCents, false},
		{locale.Text(lang, "Withdrawn entries"), st.WithdrawalCents, false},
		{locale.Format(lang, "Commission ({percent} %)", locale.Vars{"percent": rep.CommissionPercent}), st.CommissionCents, false},
		{locale.Text(lang, "Payouts"), st.PayoutCents, false},
		{locale.Text(lang, "Adjustments"), st.AdjustmentCents, false},
		{locale.Text(lang, "Closing balance"), st.ClosingCents, true},
	}
	amountW := 45.0
	pdf.SetFont("statement", "", 10.5)
	for _, l := range lines {
		border := "B"
		if l.total {
			border = "TB"
			pdf.SetFont("statement", "", 12)
		}
		pdf.CellFormat(inner-amountW, 8, l.label, border, 0, "L", false, 0, "")
		pdf.CellFormat(amountW, 8, money(l.cents), border, 1, "R", false, 0, "")
	}
	pdf.Ln(4)
	pdf.SetFont("statement", "", 9)
	pdf.SetTextColor(70, 70, 70)
	pdf.MultiCell(inner, 4.8, locale.Format(lang, "Entry fees paid in credits count {value} per credit (the published credit value).",
		locale.Vars{"value": money(rep.CreditValueCents)}), "", "L", false)
	pdf.MultiCell(inner, 4.8, locale.Text(lang, "Amounts are in the statement's currency; money taken back is shown with a minus sign."), "", "L", false)
	pdf.SetTextColor(0, 0, 0)

	if d := rep.TaxData; d != nil {
		pdf.Ln(6)
		pdf.SetFont("statement", "", 12)
		pdf.MultiCell(inner, 7, locale.Text(lang, "Payout account"), "B", "L", false)
		pdf.Ln(1.5)
		pdf.SetFont("statement", "", 10)
		labelW := 40.0
		for _, f := range []struct{ label, value string }{
			{locale.Text(lang, "Legal name"), oneLine(d.LegalName)},
			{locale.Text(lang, "Address"), strings.TrimSpace(d.Address)},
			{locale.Text(lang, "Country"), d.Country},
			{locale.Text(lang, "Tax ID"), oneLine(d.TaxID)},
		} {
			y := pdf.GetY()
			pdf.CellFormat(labelW, 5.5, f.label, "", 0, "L", false, 0, "")
			pdf.SetXY(18+labelW, y)
			pdf.MultiCell(inner-labelW, 5.5, f.value, "", "L", false)
		}
	}

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("mail: statement PDF of festival %d for %s: %w", rep.FestivalID, st.Month, err)
	}
	return out.Bytes(), nil
}
