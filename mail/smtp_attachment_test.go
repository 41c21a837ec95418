package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
)

// TestAttachmentThroughSMTP: a mail's attachments (a ticket's PDF) reach
// the server as attachment parts with their name, type and bytes beside
// the text.
func TestAttachmentThroughSMTP(t *testing.T) {
	srv := startSMTP(t, smtpmock.ConfigurationAttr{})
	sender, err := mail.NewSMTP(mail.Config{SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()), From: "Marquee <tickets@marquee.example>", Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	pdf := []byte("%PDF-1.3\n" + strings.Repeat("x", 200) + "\n%%EOF")
	m := marquee.Mail{ID: 9, To: "b@example.com", Subject: "Your tickets", Body: "Hello", Language: "en",
		Attachments: []marquee.MailAttachment{{Filename: "marquee-ticket-7.pdf", ContentType: "application/pdf", Data: pdf}}}
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	msgs, err := srv.WaitForMessages(1, 5*time.Second)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("messages: %d %v", len(msgs), err)
	}
	msg, err := netmail.ReadMessage(strings.NewReader(msgs[0].MsgRequest()))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("content type %q %v", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	found := false
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if p.FileName() != "marquee-ticket-7.pdf" {
			continue
		}
		found = true
		if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/pdf") {
			t.Errorf("attachment type %q", ct)
		}
		raw, _ := io.ReadAll(p)
		data, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.ReplaceAll(raw, []byte("\r\n"), nil))))
		if err != nil || !bytes.Equal(data, pdf) {
			t.Errorf("attachment bytes differ (%v)", err)
		}
	}
	if !found {
		t.Fatalf("no attachment in\n%s", msgs[0].MsgRequest())
	}
}
