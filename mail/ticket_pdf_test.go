package mail

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

func pdfTicket(festival string) *marquee.Ticket {
	start := time.Date(2026, 11, 14, 10, 30, 0, 0, time.UTC)
	return &marquee.Ticket{
		ID: 7, OrderID: 3, Code: "ABCDEFGHIJKLMNOPQRSTUVWXYZ", Status: marquee.TicketValid,
		HolderName: "山田 花子", HolderEmail: "hanako@example.com",
		Screening: &marquee.Screening{ID: 2, FestivalName: festival, Title: "夜の川 / 夜之河", Venue: "Shinjuku Hall 2",
			StartsAt: start, EndsAt: start.Add(2 * time.Hour), TimeZone: "Asia/Tokyo", Status: marquee.ScreeningScheduled},
	}
}

func TestTicketPDFRendersCJKAndTheDoorsCode(t *testing.T) {
	tk := pdfTicket("東京国際映画祭 · 上海国际电影节")
	b, err := TicketPDF(tk, "", "ja")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("%%EOF")) {
		t.Fatalf("not a PDF: %q", b[:min(20, len(b))])
	}
	if !bytes.Contains(b, []byte(tk.Code)) {
		t.Error("the PDF does not carry the ticket's code (the QR payload) in its subject")
	}
	// The embedded font carries the CJK glyphs: the font's widths (/W,
	// by code point) list each character the ticket prints.
	if !bytes.Contains(b, []byte("/FontFile2")) {
		t.Error("the font is not embedded")
	}
	widths := pdfWidths.FindSubmatch(b)
	if widths == nil {
		t.Fatal("the PDF has no font widths")
	}
	for _, r := range []rune{'東', '映', '国', '夜', '山', '花', '海'} {
		if entry := fmt.Sprintf(" %d %d 1000", r, r); !bytes.Contains(widths[1], []byte(entry)) {
			t.Errorf("the font lacks %q (no width %q)", r, entry)
		}
	}
	// The page shows the start in the festival's zone: 10:30 UTC is 19:30
	// in Tokyo (the text is written by code point, UTF-16).
	if text := pdfStreams(t, b); !bytes.Contains(text, []byte(utf16Hex("19:30"))) {
		t.Error("the start is not shown in the festival's time zone")
	}
	if p := os.Getenv("MARQUEE_WRITE_TICKET_PDF"); p != "" {
		_ = os.WriteFile(p, b, 0o644)
	}
}

func TestTicketPDFIsPerTicket(t *testing.T) {
	a, err := TicketPDF(pdfTicket("Festival"), "Concession", "en")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdfStreams(t, a), []byte(utf16Hex("Seat type: Concession"))) {
		t.Error("the seat type is not printed")
	}
	other := pdfTicket("Festival")
	other.Code = "ZZZZZZZZZZZZZZZZZZZZZZZZZZ"
	c, err := TicketPDF(other, "Concession", "en")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) || !bytes.Contains(c, []byte(other.Code)) {
		t.Error("another ticket's PDF does not carry its own code")
	}
	// The same ticket gives the same bytes: both of the PDF's dates are
	// the screening's, never the time of writing.
	stamp := []byte("(D:" + other.Screening.StartsAt.Format("20060102150405") + ")")
	if n := bytes.Count(c, stamp); n != 2 {
		t.Errorf("the screening's time %s is in the PDF %d times, want 2 (CreationDate, ModDate)", stamp, n)
	}
	if _, err := TicketPDF(&marquee.Ticket{ID: 1, Code: "X"}, "", "en"); err == nil {
		t.Error("a ticket without its screening was rendered")
	}
}

var pdfWidths = regexp.MustCompile(`/W \[([^\]]*)\]`)

// utf16Hex is s as fpdf writes a UTF-8 font's text in a content stream.
func utf16Hex(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteString(string([]byte{0, byte(r)}))
	}
	return b.String()
}

var pdfStream = regexp.MustCompile(`(?s)stream\r?\n(.*?)\r?\nendstream`)

// pdfStreams returns the PDF's streams, inflated where they are.
func pdfStreams(t *testing.T, b []byte) []byte {
	t.Helper()
	var out strings.Builder
	for _, m := range pdfStream.FindAllSubmatch(b, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			out.Write(m[1])
			continue
		}
		data, _ := io.ReadAll(r)
		out.Write(data)
	}
	return []byte(out.String())
}

// TestConfirmationAttachesTicketPDFs: the confirmation carries one recipe
// per ticket (no PDF drawn while composing), and the sender's
// RenderAttachments writes each as the ticket's PDF with its own code.
func TestConfirmationAttachesTicketPDFs(t *testing.T) {
	o := &marquee.TicketOrder{ID: 3, Quantity: 2, Currency: "JPY", BuyerEmail: "b@example.com", Language: "ja", Screening: pdfTicket("映画祭").Screening}
	for i, code := range []string{"AAAAAAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBBBBBB"} {
		tk := pdfTicket("映画祭")
		tk.ID, tk.Code, tk.Screening = int64(10+i), code, nil
		o.Tickets = append(o.Tickets, tk)
	}
	m := Composer{PublicURL: "https://marquee.example"}.TicketConfirmation(o)
	if len(m.Attachments) != 2 || m.Attachments[0].ContentType != TicketPDFRecipeType || bytes.HasPrefix(m.Attachments[0].Data, []byte("%PDF")) {
		t.Fatalf("attachments: %+v", m.Attachments)
	}
	pdfs, err := RenderAttachments(m)
	if err != nil || len(pdfs) != 2 {
		t.Fatalf("render: %v", err)
	}
	for i, p := range pdfs {
		if p.Filename != TicketPDFName(o.Tickets[i].ID) || p.ContentType != TicketPDFContentType || !bytes.HasPrefix(p.Data, []byte("%PDF-")) ||
			!bytes.Contains(p.Data, []byte(o.Tickets[i].Code)) {
			t.Errorf("pdf %d: %s %s", i, p.Filename, p.ContentType)
		}
	}
	bad := marquee.Mail{Attachments: []marquee.MailAttachment{{Filename: "x.pdf", ContentType: TicketPDFRecipeType, Data: []byte("{")}}}
	if _, err := RenderAttachments(bad); err == nil || !IsPermanent(err) {
		t.Errorf("an unreadable recipe: %v", err)
	}
}
