package mail

import (
	"bytes"
	"io"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// messageHeaders are the only headers a Marquee e-mail carries.
var messageHeaders = map[string]bool{"Auto-Submitted": true, "Content-Language": true, "Date": true, "Mime-Version": true,
	"Message-Id": true, "Subject": true, "User-Agent": true, "X-Mailer": true, "From": true, "To": true,
	"Content-Transfer-Encoding": true, "Content-Type": true}

// FuzzMessage: whatever a mail's subject, body, language and recipient
// hold (festival names, films, comments people typed), the message written
// carries Marquee's headers once each and no other (no header injected
// through a line break), the subject on one line as written, the body as
// written, and the recipient given; a recipient that is no address is a
// permanent failure.
func FuzzMessage(f *testing.F) {
	f.Add("ada@example.com", "Reminder: Tokyo 東京", "Hello\nworld\r\n.\n", "ja")
	f.Add("ada@example.com", "Tokyo\r\nBcc: eve@example.com", "a\rb\n\nFrom: x\n", "ja\r\nX-Evil: 1")
	f.Add("Ada <ada@example.com>", "=?UTF-8?q?evil?= \t x", strings.Repeat("long line ", 40), "")
	f.Add("not an address", "s", "b", "en")
	f.Add("ada@example.com", "\xff\xfe", "\xff", "zh")
	s, err := NewSMTP(Config{SMTPURL: "smtp://127.0.0.1:2525"})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, to, subject, body, lang string) {
		m := marquee.Mail{ID: 7, To: to, Subject: subject, Body: body, Language: lang}
		msg, err := s.message(m)
		if err != nil {
			if !IsPermanent(err) {
				t.Fatalf("message(%+v): %v, not a permanent failure", m, err)
			}
			return
		}
		var buf bytes.Buffer
		if _, err := msg.WriteTo(&buf); err != nil {
			t.Fatalf("write %+v: %v", m, err)
		}
		read, err := netmail.ReadMessage(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("the message of %+v does not parse: %v\n%s", m, err, buf.Bytes())
		}
		for k, v := range read.Header {
			if !messageHeaders[k] || len(v) != 1 {
				t.Fatalf("the message of %+v has header %s %q:\n%s", m, k, v, buf.Bytes())
			}
		}
		if utf8.ValidString(subject) {
			got, err := new(mime.WordDecoder).DecodeHeader(read.Header.Get("Subject"))
			if err != nil || got != oneLine(subject) {
				t.Fatalf("subject %q read as %q (%v), want %q", subject, got, err, oneLine(subject))
			}
		}
		want, err := netmail.ParseAddress(to)
		got, err2 := read.Header.AddressList("To")
		if err != nil || err2 != nil || len(got) != 1 || got[0].Address != want.Address {
			t.Fatalf("recipient %q written as %q (%v, %v)", to, read.Header.Get("To"), err, err2)
		}
		if utf8.ValidString(body) && strings.EqualFold(read.Header.Get("Content-Transfer-Encoding"), "quoted-printable") {
			b, err := io.ReadAll(quotedprintable.NewReader(read.Body))
			// Line breaks are sent as CR LF, a lone CR or LF included.
			if norm := strings.NewReplacer("\r\n", "\n", "\r", "\n"); err != nil || norm.Replace(string(b)) != norm.Replace(body) {
				t.Fatalf("body %q read as %q (%v)", body, b, err)
			}
		}
	})
}
