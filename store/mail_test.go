package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestMailClaimLeaseRetryFail(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
		clk := pinClock(db, t0)
		a := &marquee.Mail{Kind: "reminder", To: "a@example.com", Subject: "A", Body: "body a", Language: "en", Status: marquee.MailQueued}
		b := &marquee.Mail{Kind: "reminder", To: "b@example.com", Subject: "B", Body: "本文", Language: "ja", Status: marquee.MailQueued}
		kept := &marquee.Mail{Kind: "reminder", To: "c@example.com", Subject: "C", Body: "body c", Language: "en", Status: marquee.MailKept}
		for _, m := range []*marquee.Mail{a, b, kept} {
			if err := db.EnqueueMail(ctx, m); err != nil || m.ID == 0 {
				t.Fatalf("enqueue %s: %v", m.Subject, err)
			}
		}
		if err := db.EnqueueMail(ctx, &marquee.Mail{To: "x@example.com", Status: marquee.MailSent}); err == nil {
			t.Fatal("enqueue with status sent accepted")
		}

		// The first claim takes both queued mails (never the kept one), oldest first.
		claimed, err := db.ClaimQueuedMail(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 2 || claimed[0].ID != a.ID || claimed[1].ID != b.ID || claimed[1].Body != "本文" {
			t.Fatalf("claim: %+v %v", claimed, err)
		}
		// Leased: a second sender gets nothing until the lease ends.
		if again, _ := db.ClaimQueuedMail(ctx, 10, time.Minute); len(again) != 0 {
			t.Fatalf("claimed twice: %+v", again)
		}
		clk.Set(t0.Add(61 * time.Second))
		if again, _ := db.ClaimQueuedMail(ctx, 1, time.Minute); len(again) != 1 || again[0].ID != a.ID {
			t.Fatalf("after the lease ended: %+v", again)
		}

		if err := db.MarkMailSent(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.MarkMailSent(ctx, a.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("marking a sent mail again: %v", err)
		}
		sent, _, _ := db.ListMail(ctx, marquee.MailSent, 0, 0)
		if len(sent) != 1 || sent[0].SentAt == nil || sent[0].Attempts != 1 {
			t.Fatalf("sent: %+v", sent)
		}

		// b fails: it is retried at retryAt, not before, until the fifth failure.
		for attempt := 1; attempt <= store.MailMaxAttempts; attempt++ {
			now := clk.Now()
			retryAt := now.Add(10 * time.Minute)
			status, err := db.MarkMailFailed(ctx, b.ID, errors.New("451 try later"), retryAt)
			if err != nil {
				t.Fatalf("attempt %d: %v", attempt, err)
			}
			if attempt < store.MailMaxAttempts {
				if status != marquee.MailQueued {
					t.Fatalf("attempt %d: status %s", attempt, status)
				}
				clk.Set(retryAt.Add(-time.Second))
				if got, _ := db.ClaimQueuedMail(ctx, 10, time.Minute); len(got) != 0 {
					t.Fatalf("attempt %d: claimed before its retry time", attempt)
				}
				clk.Set(retryAt)
				if got, _ := db.ClaimQueuedMail(ctx, 10, time.Minute); len(got) != 1 || got[0].Attempts != attempt || got[0].LastError != "451 try later" {
					t.Fatalf("attempt %d: retry claim %+v", attempt, got)
				}
			} else if status != marquee.MailFailed {
				t.Fatalf("after %d attempts: %s, want failed", attempt, status)
			}
		}
		clk.Set(clk.Now().Add(24 * time.Hour))
		if got, _ := db.ClaimQueuedMail(ctx, 10, time.Minute); len(got) != 0 {
			t.Fatalf("failed mail claimed again: %+v", got)
		}
		if _, err := db.MarkMailFailed(ctx, b.ID, errors.New("again"), clk.Now()); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("failing a failed mail: %v", err)
		}
		failed, total, _ := db.ListMail(ctx, marquee.MailFailed, 0, 0)
		if total != 1 || failed[0].ID != b.ID || failed[0].Attempts != store.MailMaxAttempts || failed[0].SentAt != nil {
			t.Fatalf("failed: %+v", failed)
		}

		// A permanent refusal (zero retry time) gives up at once.
		p := &marquee.Mail{Kind: "reminder", To: "nobody@example.com", Subject: "P", Body: "p", Language: "en", Status: marquee.MailQueued}
		_ = db.EnqueueMail(ctx, p)
		if status, err := db.MarkMailFailed(ctx, p.ID, errors.New("550 no such user"), time.Time{}); err != nil || status != marquee.MailFailed {
			t.Fatalf("permanent failure: %s %v", status, err)
		}

		// A long error is kept shortened, without breaking a character.
		c := &marquee.Mail{Kind: "reminder", To: "d@example.com", Subject: "D", Body: "d", Language: "ja", Status: marquee.MailQueued}
		_ = db.EnqueueMail(ctx, c)
		if _, err := db.MarkMailFailed(ctx, c.ID, errors.New(strings.Repeat("失", 3000)), clk.Now()); err != nil {
			t.Fatal(err)
		}
		queued, _, _ := db.ListMail(ctx, marquee.MailQueued, 0, 0)
		if len(queued) != 1 || len([]rune(queued[0].LastError)) != 1000 || !strings.HasPrefix(queued[0].LastError, "失失") {
			t.Fatalf("long error: %d runes", len([]rune(queued[0].LastError)))
		}
	})
}

func TestListMail(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := pinClock(db, time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
		for i, s := range []marquee.MailStatus{marquee.MailKept, marquee.MailQueued, marquee.MailKept, marquee.MailKept} {
			clk.Set(clk.Now().Add(time.Minute))
			m := &marquee.Mail{Kind: "reminder", To: "x@example.com", Subject: string(rune('A' + i)), Body: "b", Language: "en", Status: s}
			if err := db.EnqueueMail(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		all, total, err := db.ListMail(ctx, "", 0, 0)
		if err != nil || total != 4 || all[0].Subject != "D" || all[3].Subject != "A" {
			t.Fatalf("all, newest first: %v %d %v", all, total, err)
		}
		page, total, _ := db.ListMail(ctx, marquee.MailKept, 2, 1)
		if total != 3 || len(page) != 2 || page[0].Subject != "C" || page[1].Subject != "A" {
			t.Fatalf("kept page 2: %+v (total %d)", page, total)
		}
		if _, _, err := db.ListMail(ctx, "lost", 0, 0); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("unknown status: %v", err)
		}
	})
}
