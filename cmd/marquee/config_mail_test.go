package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

func TestMailAndWorkerConfig(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	c, err := configFromEnv(get)
	if err != nil || c.Mail.SMTPURL != "" || c.Mail.From != mail.DefaultFrom || !c.Worker || c.WorkerInterval != worker.DefaultInterval ||
		c.PublicURL != "http://127.0.0.1:8080" || c.Server.PublicURL != "" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	env = map[string]string{
		"MARQUEE_SMTP_URL": "smtp://user:pw@mx.example.com:2525?tls=starttls", "MARQUEE_MAIL_FROM": "Films <films@festival.example>",
		"MARQUEE_MAIL_HELO": "node1.festival.example", "MARQUEE_PUBLIC_URL": "https://festival.example/",
		"MARQUEE_WORKER": "off", "MARQUEE_WORKER_INTERVAL": "2m",
	}
	c, err = configFromEnv(get)
	if err != nil || c.Mail.SMTPURL != env["MARQUEE_SMTP_URL"] || c.Mail.From != "Films <films@festival.example>" || c.Mail.HELO != "node1.festival.example" ||
		c.PublicURL != "https://festival.example" || c.Server.PublicURL != "https://festival.example" || c.Worker || c.WorkerInterval != 2*time.Minute {
		t.Fatalf("settings: %+v %v", c, err)
	}
	env = map[string]string{
		"MARQUEE_SMTP_URL": "mailto:someone", "MARQUEE_PUBLIC_URL": "marquee.example",
		"MARQUEE_WORKER": "sometimes", "MARQUEE_WORKER_INTERVAL": "10ms",
	}
	_, err = configFromEnv(get)
	for _, name := range []string{"MARQUEE_SMTP_URL", "MARQUEE_PUBLIC_URL", "MARQUEE_WORKER=", "MARQUEE_WORKER_INTERVAL"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
	env = map[string]string{"MARQUEE_SMTP_URL": "smtp://mx.example.com", "MARQUEE_MAIL_FROM": "nobody"}
	if _, err = configFromEnv(get); err == nil || !strings.Contains(err.Error(), "MARQUEE_MAIL_FROM") {
		t.Errorf("bad From not reported: %v", err)
	}
}

// TestPublicURLFollowsListenAddress: without MARQUEE_PUBLIC_URL, e-mails
// link to the address serve listens on, not to port 8080; the setting wins.
func TestPublicURLFollowsListenAddress(t *testing.T) {
	env := map[string]string{"MARQUEE_ADDR": "127.0.0.1:9000"}
	get := func(k string) string { return env[k] }
	c, err := configFromEnv(get)
	if err != nil {
		t.Fatal(err)
	}
	link := mail.Composer{PublicURL: c.PublicURL}.FestivalURL("tokyo")
	if link != "http://127.0.0.1:9000/festival/tokyo" {
		t.Errorf("MARQUEE_ADDR=127.0.0.1:9000: e-mail link %q", link)
	}
	if c.Server.PublicURL != "" {
		t.Errorf("the .ics feed keeps the request's address: Server.PublicURL %q", c.Server.PublicURL)
	}
	env["MARQUEE_PUBLIC_URL"] = "https://festival.example"
	if c, err = configFromEnv(get); err != nil || c.PublicURL != "https://festival.example" {
		t.Errorf("MARQUEE_PUBLIC_URL set: %q %v", c.PublicURL, err)
	}
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080",
		"0.0.0.0:9000":   "http://localhost:9000",
		":9000":          "http://localhost:9000",
		"[::]:9000":      "http://localhost:9000",
		"[::1]:9000":     "http://[::1]:9000",
		"films.lan:80":   "http://films.lan:80",
		"127.0.0.1:0":    "",
		"127.0.0.1":      "",
	} {
		if got := listenURL(addr); got != want {
			t.Errorf("listenURL(%q) = %q, want %q", addr, got, want)
		}
	}
}

// TestServeRunsTheWorker: `marquee serve` sends a due reminder (kept in
// the outbox without SMTP) and stops its worker on shutdown.
func TestServeRunsTheWorker(t *testing.T) {
	ctx := context.Background()
	dbURL := "sqlite:" + filepath.Join(t.TempDir(), "worker.db")
	db, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	svc := storetest.Wrap(t, db)
	u, err := svc.Users.CreateUser(ctx, store.UserRecord{Email: "due@example.com", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	// Set yesterday, the reminder is due today: the server finds it at start.
	yesterday := time.Now().UTC().AddDate(0, 0, -1)
	svc.Clock.Set(yesterday)
	nr := marquee.NewReminder{FestivalName: "Due Fest", Date: yesterday.Format(marquee.DateLayout), Preference: marquee.RemindDayOf}
	if _, err := svc.Reminders.Create(storetest.AsUser(ctx, u), nr, "en"); err != nil {
		t.Fatal(err)
	}
	admin := storetest.AsUser(ctx, &marquee.User{Role: marquee.RoleAdmin})

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	t.Setenv("MARQUEE_ADDR", addr)
	t.Setenv("MARQUEE_DATABASE_URL", dbURL)
	t.Setenv("MARQUEE_PUBLIC_URL", "https://marquee.example")
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var logs bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- run(runCtx, []string{"serve"}, strings.NewReader(""), io.Discard, &logs) }()

	var mails []*marquee.Mail
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && len(mails) == 0; time.Sleep(50 * time.Millisecond) {
		if page, err := svc.Mail.List(admin, marquee.MailFilter{Status: marquee.MailKept}); err == nil {
			mails = page.Items
		}
	}
	if len(mails) != 1 || mails[0].To != "due@example.com" || !strings.Contains(mails[0].Body, "https://marquee.example/manage") {
		t.Fatalf("outbox after start: %+v", mails)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	for _, want := range []string{"background worker started", "background worker stopped", "mail is kept in the outbox"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("no %q in the logs:\n%s", want, logs.String())
		}
	}
}
