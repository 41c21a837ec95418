package store_test

import (
	"sync"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Two sends with one idempotency key at the same moment (a retry racing
// its original, or two tabs) make one bulk message and one e-mail per
// person; both answer its id, one of them as a repeat. A new key sends
// again; another festival's organiser cannot reach the send by its key.
func TestBulkSendOnceByKey(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newManageFixture(t, db, 1)
		m := f.manage()
		grant(t, db.DB, f.maker.ID, 100)
		f.submit(t, f.maker, f.film, "", 0)
		second := newOrganiser(t, db, "second@example.com")
		grant(t, db.DB, second.ID, 100)
		if _, err := f.svc.Submissions.Submit(as(second), marquee.NewSubmission{FilmID: f.newFilm(t, second, "Morning Bus", "FR"), Language: "zh",
			Entries: []marquee.SubmissionEntry{entry(f.fest, 0)}}); err != nil {
			t.Fatal(err)
		}
		b := marquee.BulkSend{BulkMessage: marquee.BulkMessage{Subject: "Programme", Body: "The programme is out."},
			Key: "0f8e2a64-3c1b-4d6e-9a7f-5b2c8d1e4f30"}

		const senders = 2
		var wg sync.WaitGroup
		sent := make([]*marquee.BulkSent, senders)
		errs := make([]error, senders)
		for i := range senders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sent[i], errs[i] = m.SendBulk(as(f.org), f.fest.Slug, b)
			}()
		}
		wg.Wait()
		repeats := 0
		for i := range senders {
			if errs[i] != nil {
				t.Fatalf("send %d: %v", i, errs[i])
			}
			if sent[i].ID != sent[0].ID || sent[i].Recipients != 2 {
				t.Fatalf("sends answered %+v and %+v", sent[0], sent[i])
			}
			if sent[i].Repeat {
				repeats++
			}
		}
		if repeats != 1 {
			t.Fatalf("%d of %d sends were repeats, want 1", repeats, senders)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM bulk_messages`); n != 1 {
			t.Fatalf("%d bulk messages", n)
		}
		for _, to := range []string{f.maker.Email, second.Email} {
			if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message' AND to_addr = ?`, to); n != 1 {
				t.Fatalf("%d bulk e-mails to %s", n, to)
			}
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = ?`, string(marquee.AuditBulkMessageSend)); n != 1 {
			t.Fatalf("%d audit entries", n)
		}

		// Later, the same key again: the first send, nothing new.
		again, err := m.SendBulk(as(f.org), f.fest.Slug, b)
		if err != nil || !again.Repeat || again.ID != sent[0].ID || again.Recipients != 2 {
			t.Fatalf("repeat %+v %v", again, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message'`); n != 2 {
			t.Fatalf("%d bulk e-mails after a repeat", n)
		}
		// A new key is a new send.
		b.Key = "1a2b3c4d5e6f7a8b9c0d"
		if next, err := m.SendBulk(as(f.org), f.fest.Slug, b); err != nil || next.Repeat || next.ID == sent[0].ID {
			t.Fatalf("new key %+v %v", next, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message'`); n != 4 {
			t.Fatalf("%d bulk e-mails after a new key", n)
		}
		// No key, or a short or odd one: refused, nothing written.
		for _, key := range []string{"", "short", "has spaces in it here!", string(make([]byte, marquee.BulkKeyMax+1))} {
			b.Key = key
			if _, err := m.SendBulk(as(f.org), f.fest.Slug, b); marquee.ErrorFields(err)["key"] == "" {
				t.Fatalf("key %q: %v", key, err)
			}
		}
		// Another organiser with the first key: not found, not the send.
		other := newOrganiser(t, db, "other@example.com")
		b.Key = "0f8e2a64-3c1b-4d6e-9a7f-5b2c8d1e4f30"
		if _, err := m.SendBulk(as(other), f.fest.Slug, b); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another organiser: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM bulk_messages`); n != 2 {
			t.Fatalf("%d bulk messages at the end", n)
		}
	})
}
