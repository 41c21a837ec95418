package mail_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
)

// startSMTP runs an in-process SMTP server for the test.
func startSMTP(t *testing.T, cfg smtpmock.ConfigurationAttr) *smtpmock.Server {
	t.Helper()
	// Keep a delivered message when the client sends RSET after it (as
	// go-mail does), like a real server.
	cfg.MultipleMessageReceiving = true
	srv := smtpmock.New(cfg)
	if err := srv.Start(); err != nil {
		t.Fatalf("start smtp mock: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return srv
}

// Received is one message as the SMTP server got it, decoded.
type Received struct {
	Helo, MailFrom, RcptTo string
	Header                 netmail.Header
	Subject, Body          string
}

// Decode reads the SMTP session m: the envelope and the MIME message.
func Decode(t *testing.T, m smtpmock.Message) Received {
	t.Helper()
	r := Received{Helo: m.HeloRequest(), MailFrom: m.MailfromRequest()}
	if rr := m.RcpttoRequestResponse(); len(rr) > 0 {
		r.RcptTo = rr[0][0]
	}
	msg, err := netmail.ReadMessage(strings.NewReader(m.MsgRequest()))
	if err != nil {
		t.Fatalf("parse message: %v\n%s", err, m.MsgRequest())
	}
	r.Header = msg.Header
	if r.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatalf("subject: %v", err)
	}
	var body io.Reader = msg.Body
	switch strings.ToLower(msg.Header.Get("Content-Transfer-Encoding")) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("body: %v", err)
	}
	r.Body = strings.ReplaceAll(string(raw), "\r\n", "\n")
	return r
}

// TestReminderThroughSMTP sends a Japanese reminder through a real SMTP
// exchange and checks what the server received.
func TestReminderThroughSMTP(t *testing.T) {
	srv := startSMTP(t, smtpmock.ConfigurationAttr{})
	sender, err := mail.NewSMTP(mail.Config{
		SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()),
		From:    "Marquee Reminders <reminders@marquee.example>",
		Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := &marquee.Reminder{ID: 7, FestivalName: "東京国際映画祭", FestivalSlug: "tokyo-international", Date: "2026-10-27",
		Preference: marquee.RemindOneDayBefore, Language: "ja"}
	m := mail.Composer{PublicURL: "https://marquee.example"}.Reminder(r, "hanako@example.jp")
	m.ID = 42
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatalf("send: %v", err)
	}
	msgs, err := srv.WaitForMessages(1, 5*time.Second)
	if err != nil || len(msgs) != 1 {
		t.Fatalf("server got %d messages: %v", len(msgs), err)
	}
	got := Decode(t, msgs[0])
	if got.Helo != "EHLO marquee.example" {
		t.Errorf("greeting %q, want EHLO with the From domain", got.Helo)
	}
	if !strings.Contains(got.MailFrom, "<reminders@marquee.example>") || !strings.Contains(got.RcptTo, "<hanako@example.jp>") {
		t.Errorf("envelope from %q to %q", got.MailFrom, got.RcptTo)
	}
	if got.Subject != "明日開催：東京国際映画祭" {
		t.Errorf("subject %q", got.Subject)
	}
	if to := got.Header.Get("To"); !strings.Contains(to, "hanako@example.jp") {
		t.Errorf("To: %q", to)
	}
	if ct := got.Header.Get("Content-Type"); !strings.Contains(ct, "text/plain") || !strings.Contains(strings.ToLower(ct), "utf-8") {
		t.Errorf("Content-Type %q", ct)
	}
	if id := got.Header.Get("Message-Id"); id != "<marquee-mail-42@marquee.example>" {
		t.Errorf("Message-ID %q", id)
	}
	if got.Header.Get("Content-Language") != "ja" || got.Header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("headers %v", got.Header)
	}
	for _, want := range []string{
		"東京国際映画祭は明日 2026年10月27日（火） に開催されます。",
		"映画祭のページ：https://marquee.example/festival/tokyo-international",
		"https://marquee.example/manage",
	} {
		if !strings.Contains(got.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, got.Body)
		}
	}
}

// TestSubjectLikeEncodedWordThroughSMTP: a subject holding text that reads
// as an RFC 2047 encoded word (a film titled "=?UTF-8?q?...?=") reaches
// the reader as typed, not decoded into what the word encodes (found by
// FuzzMessage: "=?UTF-8?q?evil?= x" arrived as "evil x"), long ones too.
func TestSubjectLikeEncodedWordThroughSMTP(t *testing.T) {
	srv := startSMTP(t, smtpmock.ConfigurationAttr{})
	sender, err := mail.NewSMTP(mail.Config{SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	subjects := []string{
		"Decision: =?UTF-8?q?=E2=80=AEevil?= x",
		"=?UTF-8?B?WW91ciBhY2NvdW50IGlzIHN1c3BlbmRlZA==?=",
		"映画「=?utf-8?q?x?=」" + strings.Repeat(" 東京国際映画祭", 20),
	}
	for _, s := range subjects {
		if err := sender.Send(context.Background(), marquee.Mail{To: "ann@example.com", Subject: s, Body: "Hello"}); err != nil {
			t.Fatalf("send %q: %v", s, err)
		}
	}
	msgs, err := srv.WaitForMessages(len(subjects), 5*time.Second)
	if err != nil || len(msgs) != len(subjects) {
		t.Fatalf("server got %d messages: %v", len(msgs), err)
	}
	for i, m := range msgs {
		if got := Decode(t, m).Subject; got != subjects[i] {
			t.Errorf("subject %q arrived as %q", subjects[i], got)
		}
	}
}

func TestSMTPHeloSettingAndRefusals(t *testing.T) {
	srv := startSMTP(t, smtpmock.ConfigurationAttr{NotRegisteredEmails: []string{"nobody@example.com"}})
	sender, err := mail.NewSMTP(mail.Config{
		SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d?tls=none", srv.PortNumber()),
		HELO:    "node-1.marquee.example",
		Timeout: 5 * time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	ok := marquee.Mail{To: "ann@example.com", Subject: "Hi", Body: "Hello", Language: "en"}
	if err := sender.Send(context.Background(), ok); err != nil {
		t.Fatal(err)
	}
	msgs, _ := srv.WaitForMessagesAndPurge(1, 5*time.Second)
	if len(msgs) != 1 || msgs[0].HeloRequest() != "EHLO node-1.marquee.example" {
		t.Fatalf("helo: %v", msgs)
	}
	if !strings.Contains(Decode(t, msgs[0]).Header.Get("From"), "no-reply@marquee.example") {
		t.Errorf("default From: %v", Decode(t, msgs[0]).Header)
	}
	// The server refuses an unknown recipient for good: no point retrying.
	err = sender.Send(context.Background(), marquee.Mail{To: "nobody@example.com", Subject: "Hi", Body: "Hello"})
	if err == nil || !mail.IsPermanent(err) {
		t.Fatalf("refused recipient: %v (permanent %v)", err, mail.IsPermanent(err))
	}
	// A server that is down is a temporary failure.
	down, _ := mail.NewSMTP(mail.Config{SMTPURL: "smtp://127.0.0.1:1?tls=none", Timeout: time.Second})
	if err := down.Send(context.Background(), ok); err == nil || mail.IsPermanent(err) {
		t.Fatalf("server down: %v (permanent %v)", err, mail.IsPermanent(err))
	}
	// STARTTLS required but not offered: refused before any mail is sent.
	strict, _ := mail.NewSMTP(mail.Config{SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d?tls=starttls", srv.PortNumber()), Timeout: 5 * time.Second})
	if err := strict.Send(context.Background(), ok); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
		t.Fatalf("mandatory STARTTLS: %v", err)
	}
	for _, m := range srv.Messages() {
		if m.Msg() {
			t.Fatalf("a refused or unencrypted session carried a message: %q", m.MsgRequest())
		}
	}
	if !errors.Is(mail.Permanent(io.EOF), io.EOF) {
		t.Fatal("Permanent hides the cause")
	}
}

func TestNewSMTPSettings(t *testing.T) {
	for _, tc := range []struct {
		url, from, helo string
		want            string // String(), or the error's text
	}{
		{"smtp://mx.example.com", "", "", "smtp://mx.example.com:587 (tls: starttls-if-available, helo: marquee.example)"},
		{"smtp://user:secret@mx.example.com:2525?tls=starttls", "Films <films@festival.example>", "", "smtp://user@mx.example.com:2525 (tls: starttls, helo: festival.example)"},
		{"smtps://mx.example.com", "", "box.example", "smtp://mx.example.com:465 (tls: tls, helo: box.example)"},
		{"smtp://mx.example.com?tls=tls", "", "", "smtp://mx.example.com:465 (tls: tls, helo: marquee.example)"},
		{"smtp://mx.example.com:25?tls=none", "", "", "smtp://mx.example.com:25 (tls: none, helo: marquee.example)"},
		{"http://mx.example.com", "", "", "must start with smtp:// or smtps://"},
		{"smtp://mx.example.com?tls=maybe", "", "", "tls=maybe"},
		{"smtps://mx.example.com?tls=none", "", "", "implicit TLS"},
		{"smtp://:25", "", "", "no host"},
		{"smtp://mx.example.com:99999", "", "", "bad port"},
		{"smtp://mx.example.com", "not an address", "", "MARQUEE_MAIL_FROM"},
		{"smtp://mx.example.com", "", "two words", "MARQUEE_MAIL_HELO"},
	} {
		s, err := mail.NewSMTP(mail.Config{SMTPURL: tc.url, From: tc.from, HELO: tc.helo})
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			got = s.String()
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.url, got, tc.want)
		}
		if strings.Contains(got, "secret") {
			t.Errorf("%s: password shown in %q", tc.url, got)
		}
	}
}
