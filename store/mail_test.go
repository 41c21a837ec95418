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
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
		clk := db.Clock
		clk.Set(t0)
		a := &marquee.Mail{Kind: "reminder", To: "a@example.com", Subject: "A", Body: "body a", Language: "en", Status: marquee.MailQueued}
		b := &marquee.Mail{Kind: "reminder", To: "b@example.com", Subject: "B", Body: "本文", Language: "ja", Status: marquee.MailQueued}
		kept := &marquee.Mail{Kind: "reminder", To: "c@example.com", Subject: "C", Body: "body c", Language: "en", Status: marquee.MailKept}
		for _, m := range []*marquee.Mail{a, b, kept} {
			if err := db.Mail.Enqueue(ctx, m); err != nil || m.ID == 0 {
				t.Fatalf("enqueue %s: %v", m.Subject, err)
			}
		}
		if err := db.Mail.Enqueue(ctx, &marquee.Mail{To: "x@example.com", Status: marquee.MailSent}); err == nil {
			t.Fatal("enqueue with status sent accepted")
		}

		// The first claim takes both queued mails (never the kept one), oldest first.
		claimed, err := db.Mail.Claim(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 2 || claimed[0].ID != a.ID || claimed[1].ID != b.ID || claimed[1].Body != "本文" {
			t.Fatalf("claim: %+v %v", claimed, err)
		}
		// Leased: a second sender gets nothing until the lease ends.
		if again, _ := db.Mail.Claim(ctx, 10, time.Minute); len(again) != 0 {
			t.Fatalf("claimed twice: %+v", again)
		}
		clk.Set(t0.Add(61 * time.Second))
		if again, _ := db.Mail.Claim(ctx, 1, time.Minute); len(again) != 1 || again[0].ID != a.ID {
			t.Fatalf("after the lease ended: %+v", again)
		}

		if err := db.Mail.MarkSent(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.Mail.MarkSent(ctx, a.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("marking a sent mail again: %v", err)
		}
		sent := listMail(t, db, marquee.MailSent, 0, 0).Items
		if len(sent) != 1 || sent[0].SentAt == nil || sent[0].Attempts != 1 {
			t.Fatalf("sent: %+v", sent)
		}

		// b fails: it is retried at retryAt, not before, until the fifth failure.
		for attempt := 1; attempt <= store.MailMaxAttempts; attempt++ {
			now := clk.Now()
			retryAt := now.Add(10 * time.Minute)
			status, err := db.Mail.MarkFailed(ctx, b.ID, errors.New("451 try later"), retryAt)
			if err != nil {
				t.Fatalf("attempt %d: %v", attempt, err)
			}
			if attempt < store.MailMaxAttempts {
				if status != marquee.MailQueued {
					t.Fatalf("attempt %d: status %s", attempt, status)
				}
				clk.Set(retryAt.Add(-time.Second))
				if got, _ := db.Mail.Claim(ctx, 10, time.Minute); len(got) != 0 {
					t.Fatalf("attempt %d: claimed before its retry time", attempt)
				}
				clk.Set(retryAt)
				if got, _ := db.Mail.Claim(ctx, 10, time.Minute); len(got) != 1 || got[0].Attempts != attempt || got[0].LastError != "451 try later" {
					t.Fatalf("attempt %d: retry claim %+v", attempt, got)
				}
			} else if status != marquee.MailFailed {
				t.Fatalf("after %d attempts: %s, want failed", attempt, status)
			}
		}
		clk.Set(clk.Now().Add(24 * time.Hour))
		if got, _ := db.Mail.Claim(ctx, 10, time.Minute); len(got) != 0 {
			t.Fatalf("failed mail claimed again: %+v", got)
		}
		if _, err := db.Mail.MarkFailed(ctx, b.ID, errors.New("again"), clk.Now()); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("failing a failed mail: %v", err)
		}
		fp := listMail(t, db, marquee.MailFailed, 0, 0)
		failed, total := fp.Items, fp.Total
		if total != 1 || failed[0].ID != b.ID || failed[0].Attempts != store.MailMaxAttempts || failed[0].SentAt != nil {
			t.Fatalf("failed: %+v", failed)
		}

		// A permanent refusal (zero retry time) gives up at once.
		p := &marquee.Mail{Kind: "reminder", To: "nobody@example.com", Subject: "P", Body: "p", Language: "en", Status: marquee.MailQueued}
		_ = db.Mail.Enqueue(ctx, p)
		if status, err := db.Mail.MarkFailed(ctx, p.ID, errors.New("550 no such user"), time.Time{}); err != nil || status != marquee.MailFailed {
			t.Fatalf("permanent failure: %s %v", status, err)
		}

		// A long error is kept shortened, without breaking a character.
		c := &marquee.Mail{Kind: "reminder", To: "d@example.com", Subject: "D", Body: "d", Language: "ja", Status: marquee.MailQueued}
		_ = db.Mail.Enqueue(ctx, c)
		if _, err := db.Mail.MarkFailed(ctx, c.ID, errors.New(strings.Repeat("失", 3000)), clk.Now()); err != nil {
			t.Fatal(err)
		}
		queued := listMail(t, db, marquee.MailQueued, 0, 0).Items
		if len(queued) != 1 || len([]rune(queued[0].LastError)) != 1000 || !strings.HasPrefix(queued[0].LastError, "失失") {
			t.Fatalf("long error: %d runes", len([]rune(queued[0].LastError)))
		}
	})
}

// listMail returns a page of the outbox as an admin of db sees it.
func listMail(t testing.TB, db *storetest.DB, status marquee.MailStatus, page, perPage int) *marquee.Page[*marquee.Mail] {
	t.Helper()
	p, err := db.Mail.List(adminCtx(t, db), marquee.MailFilter{Status: status, PageRequest: marquee.PageRequest{Page: page, PerPage: perPage}})
	if err != nil {
		t.Fatalf("list mail %q: %v", status, err)
	}
	return p
}

func TestListMail(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clk := db.Clock
		clk.Set(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
		for i, s := range []marquee.MailStatus{marquee.MailKept, marquee.MailQueued, marquee.MailKept, marquee.MailKept} {
			clk.Set(clk.Now().Add(time.Minute))
			m := &marquee.Mail{Kind: "reminder", To: "x@example.com", Subject: string(rune('A' + i)), Body: "b", Language: "en", Status: s}
			if err := db.Mail.Enqueue(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		all := listMail(t, db, "", 0, 0)
		if all.Total != 4 || all.Items[0].Subject != "D" || all.Items[3].Subject != "A" || all.Page != 1 || all.PerPage != marquee.OutboxPerPage {
			t.Fatalf("all, newest first: %+v", all)
		}
		page := listMail(t, db, marquee.MailKept, 1, 2)
		if page.Total != 3 || len(page.Items) != 2 || page.Items[0].Subject != "D" || page.Items[1].Subject != "C" {
			t.Fatalf("kept page 1: %+v", page)
		}
		page = listMail(t, db, marquee.MailKept, 2, 2)
		if page.Total != 3 || len(page.Items) != 1 || page.Items[0].Subject != "A" || page.Page != 2 || page.PerPage != 2 {
			t.Fatalf("kept page 2: %+v", page)
		}
		// An unknown status is refused when the filter is read, before the store.
		var f marquee.FieldErrors
		if s := marquee.ParseMailStatusFilter("lost", &f); s != "" || marquee.ErrorCode(f.Err()) != marquee.EInvalid || !f.Has("status") {
			t.Fatalf("unknown status: %q %v", s, f.Err())
		}
	})
}
