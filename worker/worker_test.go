package worker_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// setup makes a user with a ja reminder for 2026-07-10 (one day before,
// due 2026-07-09 09:00 UTC) and pins the clock before it is due.
func setup(t *testing.T, db *storetest.DB) (*storetest.DB, func(time.Time), *marquee.Reminder) {
	t.Helper()
	ctx := context.Background()
	db.Clock.Set(time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC))
	u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "hanako@example.jp", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	// A reminder linked to a festival slug must name an approved festival.
	f, err := db.Festivals.Create(storetest.AsUser(ctx, u), marquee.FestivalDetails{Name: "TIFF", Location: "東京",
		StartDate: "2026-07-10", EndDate: "2026-07-20", ContactEmail: "info@tiff.example"})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "admin@example.com", PasswordHash: "h", Role: marquee.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Festivals.Approve(storetest.AsUser(ctx, admin), f.ID); err != nil {
		t.Fatal(err)
	}
	nr := marquee.NewReminder{FestivalName: "東京国際映画祭", FestivalSlug: f.Slug, Date: "2026-07-10", Preference: marquee.RemindOneDayBefore}
	r, err := db.Reminders.Create(storetest.AsUser(ctx, u), nr, "ja")
	if err != nil {
		t.Fatal(err)
	}
	return db, db.Clock.Set, r
}

// listMail reads the outbox as an admin: the mails with status ("" for
// all), newest first, and their count.
func listMail(ctx context.Context, db *storetest.DB, status marquee.MailStatus) ([]*marquee.Mail, int64, error) {
	page, err := db.Mail.List(storetest.AsUser(ctx, &marquee.User{Role: marquee.RoleAdmin}), marquee.MailFilter{Status: status, PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}})
	if err != nil {
		return nil, 0, err
	}
	return page.Items, page.Total, nil
}

func quietLogger(buf *bytes.Buffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// TestTickKeepsMailWithoutSMTP: with no SMTP server the reminder's mail
// stays in the outbox as kept, once.
func TestTickKeepsMailWithoutSMTP(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db, set, rem := setup(t, db)
		var logs bytes.Buffer
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Clock: db.Clock.Now, Composer: mail.Composer{PublicURL: "https://marquee.example"}, Logger: quietLogger(&logs)}
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if _, total, _ := listMail(ctx, db, ""); total != 0 {
			t.Fatalf("mail before the reminder was due: %d", total)
		}
		set(time.Date(2026, 7, 9, 9, 0, 30, 0, time.UTC))
		for range 2 {
			if err := w.Tick(ctx); err != nil {
				t.Fatal(err)
			}
		}
		mails, total, _ := listMail(ctx, db, "")
		if total != 1 {
			t.Fatalf("%d mails, want 1", total)
		}
		m := mails[0]
		if m.Status != marquee.MailKept || m.To != "hanako@example.jp" || m.Subject != "明日開催：東京国際映画祭" || m.Language != "ja" ||
			rem.FestivalSlug != "tiff" || !strings.Contains(m.Body, "https://marquee.example/festival/tiff") {
			t.Fatalf("kept mail %+v", m)
		}
		if !strings.Contains(logs.String(), "reminders sent") {
			t.Errorf("no log of the sent reminder:\n%s", logs.String())
		}
	})
}

// TestTickSendsThroughSMTP: the worker delivers a due reminder through a
// real SMTP exchange and records it as sent.
func TestTickSendsThroughSMTP(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		srv := smtpmock.New(smtpmock.ConfigurationAttr{MultipleMessageReceiving: true})
		if err := srv.Start(); err != nil {
			t.Fatal(err)
		}
		defer srv.Stop()
		sender, err := mail.NewSMTP(mail.Config{SMTPURL: fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()), Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		db, set, _ := setup(t, db)
		var logs bytes.Buffer
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Clock: db.Clock.Now, Sender: sender, Composer: mail.Composer{PublicURL: "https://marquee.example"}, Logger: quietLogger(&logs)}
		set(time.Date(2026, 7, 9, 9, 0, 0, 0, time.UTC))
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		msgs, err := srv.WaitForMessages(1, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		msg, err := netmail.ReadMessage(strings.NewReader(msgs[0].MsgRequest()))
		if err != nil {
			t.Fatal(err)
		}
		subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
		if subject != "明日開催：東京国際映画祭" || !strings.Contains(msgs[0].RcpttoRequestResponse()[0][0], "hanako@example.jp") {
			t.Fatalf("received subject %q, rcpt %v", subject, msgs[0].RcpttoRequestResponse())
		}
		sent, total, _ := listMail(ctx, db, marquee.MailSent)
		if total != 1 || sent[0].SentAt == nil || sent[0].Attempts != 1 {
			t.Fatalf("outbox after delivery: %+v", sent)
		}
		// Nothing more to send on the next tick.
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Messages()); n != 1 {
			t.Fatalf("%d SMTP sessions, want 1", n)
		}
	})
}

// flakySender fails as told and records what it was asked to send.
type flakySender struct {
	mu   sync.Mutex
	errs []error // returned in turn; nil once exhausted
	sent []marquee.Mail
}

func (f *flakySender) Send(_ context.Context, m marquee.Mail) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sent = append(f.sent, m)
	if len(f.errs) == 0 {
		return nil
	}
	err := f.errs[0]
	f.errs = f.errs[1:]
	return err
}

func TestTickRetriesAndGivesUp(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db, set, _ := setup(t, db)
		due := time.Date(2026, 7, 9, 9, 0, 0, 0, time.UTC)
		set(due)
		temp := errors.New("451 4.3.0 try again later")
		sender := &flakySender{errs: []error{temp, temp}}
		var logs bytes.Buffer
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Clock: db.Clock.Now, Sender: sender, Logger: quietLogger(&logs)}
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		queued, _, _ := listMail(ctx, db, marquee.MailQueued)
		if len(queued) != 1 || queued[0].Attempts != 1 || queued[0].LastError != temp.Error() {
			t.Fatalf("after a temporary failure: %+v", queued)
		}
		// Retried one minute later, then five minutes after that.
		set(due.Add(59 * time.Second))
		_ = w.Tick(ctx)
		if len(sender.sent) != 1 {
			t.Fatalf("retried too early: %d sends", len(sender.sent))
		}
		set(due.Add(time.Minute))
		_ = w.Tick(ctx)
		set(due.Add(6 * time.Minute))
		_ = w.Tick(ctx)
		if len(sender.sent) != 3 {
			t.Fatalf("%d sends, want 3", len(sender.sent))
		}
		if sent, _, _ := listMail(ctx, db, marquee.MailSent); len(sent) != 1 || sent[0].Attempts != 3 {
			t.Fatalf("after the third attempt: %+v", sent)
		}
		if !strings.Contains(logs.String(), "will retry") {
			t.Errorf("retries not logged:\n%s", logs.String())
		}

		// A permanent refusal is given up at once.
		m := &marquee.Mail{Kind: "reminder", To: "nobody@example.com", Subject: "x", Body: "x", Status: marquee.MailQueued}
		if err := db.Mail.Enqueue(ctx, m); err != nil {
			t.Fatal(err)
		}
		sender.errs = []error{mail.Permanent(errors.New("550 5.1.1 no such user"))}
		_ = w.Tick(ctx)
		failed, _, _ := listMail(ctx, db, marquee.MailFailed)
		if len(failed) != 1 || failed[0].ID != m.ID || failed[0].Attempts != 1 {
			t.Fatalf("permanent failure: %+v", failed)
		}
	})
}

func TestRunStopsWithItsContext(t *testing.T) {
	db, set, _ := setup(t, storetest.Wrap(t, storetest.OpenSQLite(t)))
	set(time.Date(2026, 7, 9, 10, 0, 0, 0, time.UTC))
	var logs syncBuffer
	w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Clock: db.Clock.Now, Interval: 10 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, total, _ := listMail(context.Background(), db, ""); total == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the running worker never sent the due reminder")
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after its context ended")
	}
	if !strings.Contains(logs.String(), "background worker stopped") {
		t.Errorf("logs:\n%s", logs.String())
	}
}

// syncBuffer is a bytes.Buffer safe for the worker's goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }
