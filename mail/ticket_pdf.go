package mail

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-pdf/fpdf"
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	qrcode "github.com/skip2/go-qrcode"
)

// ticketFont is Droid Sans Fallback Full (Apache 2.0, see
// fonts/DroidSansFallbackFull.COPYRIGHT): one TrueType font with Latin,
// Japanese kana and kanji, and Chinese hanzi, so that a ticket's festival,
// title, venue and holder print in any of Marquee's languages. fpdf embeds
// only the glyphs a ticket uses (a subset), so a PDF stays small.
//
//go:embed fonts/DroidSansFallbackFull.ttf
var ticketFont []byte

// TicketPDFContentType is the media type of a ticket's PDF.
const TicketPDFContentType = "application/pdf"

// TicketPDFRecipeType is the outbox's type of a ticket PDF not yet
// written: its data is the ticket as JSON (ticketPDFRecipe), which
// RenderAttachments turns into the PDF when the mail is sent.
const TicketPDFRecipeType = "application/vnd.marquee.ticket-pdf+json"

// ticketPDFRecipe is what a ticket's PDF is written from.
type ticketPDFRecipe struct {
	Ticket   *marquee.Ticket `json:"ticket"`
	SeatType string          `json:"seatType,omitempty"`
	Language string          `json:"language"`
}

// RenderAttachments returns m's attachments as they are sent: each ticket
// PDF recipe written as its PDF (TicketPDF), the others as they are.
func RenderAttachments(m marquee.Mail) ([]marquee.MailAttachment, error) {
	out := make([]marquee.MailAttachment, 0, len(m.Attachments))
	for _, a := range m.Attachments {
		if a.ContentType != TicketPDFRecipeType {
			out = append(out, a)
			continue
		}
		var r ticketPDFRecipe
		if err := json.Unmarshal(a.Data, &r); err != nil || r.Ticket == nil {
			return nil, Permanent(fmt.Errorf("mail: ticket PDF recipe %q: unreadable (%v)", a.Filename, err))
		}
		b, err := TicketPDF(r.Ticket, r.SeatType, r.Language)
		if err != nil {
			return nil, Permanent(err)
		}
		out = append(out, marquee.MailAttachment{Filename: a.Filename, ContentType: TicketPDFContentType, Data: b, Size: len(b)})
	}
	return out, nil
}

// TicketPDFName is the file name of ticket id's PDF.
func TicketPDFName(id int64) string {
	return "marquee-ticket-" + strconv.FormatInt(id, 10) + ".pdf"
}

// TicketPDF writes ticket t as a one-page A6 PDF in lang: the festival and
// the screening, its start in the festival's time zone, the venue, the
// seat type (seatType, else the ticket's type, else general admission),
// the holder (the attendee named at purchase, else the buyer), and
// the QR code the door scans (its content is the ticket's code, exactly as
// the ticket page's), with the code printed below it. The PDF's subject is
// the code too, so that a program can read it without decoding the image.
func TicketPDF(t *marquee.Ticket, seatType, lang string) ([]byte, error) {
	lang = Language(lang)
	sc := t.Screening
	if sc == nil {
		return nil, fmt.Errorf("mail: ticket %d has no screening", t.ID)
	}
	qr, err := qrcode.Encode(t.Code, qrcode.Medium, 512)
	if err != nil {
		return nil, fmt.Errorf("mail: QR code of ticket %d: %w", t.ID, err)
	}
	pdf := fpdf.New("P", "mm", "A6", "")
	pdf.SetCreationDate(sc.StartsAt) // a fixed date: the same ticket, the same bytes
	pdf.SetModificationDate(sc.StartsAt)
	pdf.SetCatalogSort(true)
	pdf.SetTitle(oneLine(sc.Title)+" · "+oneLine(sc.FestivalName), true)
	pdf.SetSubject(t.Code, false) // ASCII: readable as it is
	pdf.SetCreator("Marquee", true)
	pdf.SetMargins(8, 8, 8)
	pdf.SetAutoPageBreak(false, 8)
	pdf.AddUTF8FontFromBytes("ticket", "", ticketFont)
	pdf.AddPage()
	w, _ := pdf.GetPageSize()
	inner := w - 16

	pdf.SetFont("ticket", "", 9)
	pdf.SetTextColor(90, 90, 90)
	pdf.MultiCell(inner, 4.5, oneLine(sc.FestivalName), "", "L", false)
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("ticket", "", 14)
	pdf.MultiCell(inner, 6.5, oneLine(sc.Title), "", "L", false)
	pdf.Ln(1.5)

	if seatType == "" {
		seatType = t.TicketTypeName
	}
	if seatType == "" {
		seatType = locale.Text(lang, "General admission")
	}
	holder := oneLine(t.AttendeeName)
	if holder == "" {
		holder = oneLine(t.HolderName)
	}
	if holder == "" {
		holder = t.HolderEmail
	}
	vars := locale.Vars{
		"when":   screeningWhen(sc, lang),
		"venue":  oneLine(sc.Venue),
		"type":   oneLine(seatType),
		"holder": holder,
	}
	pdf.SetFont("ticket", "", 8.5)
	for _, line := range []string{
		locale.Format(lang, "When: {when}", vars),
		locale.Format(lang, "Venue: {venue}", vars),
		locale.Format(lang, "Seat type: {type}", vars),
		locale.Format(lang, "Holder: {holder}", vars),
	} {
		pdf.MultiCell(inner, 4.3, line, "", "L", false)
	}
	if t.Status == marquee.TicketCancelled || t.Status == marquee.TicketRefunded || sc.Status == marquee.ScreeningCancelled {
		pdf.SetTextColor(180, 0, 0)
		pdf.MultiCell(inner, 5, locale.Text(lang, "This ticket is no longer valid."), "", "L", false)
		pdf.SetTextColor(0, 0, 0)
	}

	size := 58.0
	y := pdf.GetY() + 3
	pdf.RegisterImageOptionsReader("qr", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(qr))
	pdf.ImageOptions("qr", (w-size)/2, y, size, size, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	pdf.SetY(y + size + 1)
	pdf.SetFont("ticket", "", 9)
	pdf.CellFormat(inner, 5, t.Code, "", 1, "C", false, 0, "")
	pdf.SetFont("ticket", "", 7)
	pdf.SetTextColor(90, 90, 90)
	pdf.MultiCell(inner, 3.6, locale.Text(lang, "Show this QR code at the door."), "", "C", false)

	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, fmt.Errorf("mail: PDF of ticket %d: %w", t.ID, err)
	}
	return out.Bytes(), nil
}
