package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestContactMessages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		admin := adminCtx(t, db)
		t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
		db.Clock.Set(t0)
		m := marquee.NewContactMessage{Name: "山田", Email: "y@example.jp", Subject: "質問", Message: "映画祭について教えてください。", IP: "10.0.0.1"}
		if err := db.Contact.Send(ctx, m); err != nil {
			t.Fatalf("create: %v", err)
		}
		db.Clock.Set(t0.Add(time.Minute))
		second := marquee.NewContactMessage{Name: "B", Email: "b@example.com", Subject: "Hi", Message: "Hello there, friends"}
		if err := db.Contact.Send(ctx, second); err != nil {
			t.Fatal(err)
		}
		// Invalid messages are refused; a filled honeypot is dropped silently.
		if err := db.Contact.Send(ctx, marquee.NewContactMessage{Name: "C", Email: "c@example.com", Subject: "Hi", Message: "short"}); marquee.ErrorFields(err)["message"] == "" {
			t.Fatalf("short message: %v", err)
		}
		spam := second
		spam.Website = "https://spam.example"
		if err := db.Contact.Send(ctx, spam); err != nil {
			t.Fatalf("honeypot: %v", err)
		}
		open, err := db.Contact.List(admin, marquee.ContactFilter{Status: marquee.ContactOpen})
		if err != nil || open.Total != 2 || len(open.Items) != 2 || open.Page != 1 || open.PerPage != marquee.AdminMessagesPerPage {
			t.Fatalf("open: %+v %v", open, err)
		}
		first := open.Items[1] // newest first
		if first.Subject != "質問" || first.IP != "10.0.0.1" || first.ID == 0 {
			t.Fatalf("stored %+v", first)
		}
		got, err := db.Contact.SetHandled(admin, first.ID, true)
		if err != nil || got.HandledAt == nil || got.Subject != "質問" {
			t.Fatalf("handle: %+v %v", got, err)
		}
		open, _ = db.Contact.List(admin, marquee.ContactFilter{Status: marquee.ContactOpen})
		handled, _ := db.Contact.List(admin, marquee.ContactFilter{Status: marquee.ContactHandled})
		if open.Total != 1 || handled.Total != 1 || handled.Items[0].ID != first.ID {
			t.Fatalf("after handling: open %d handled %d", open.Total, handled.Total)
		}
		if got, _ = db.Contact.SetHandled(admin, first.ID, false); got.HandledAt != nil {
			t.Fatal("reopen kept handledAt")
		}
		all, _ := db.Contact.List(admin, marquee.ContactFilter{Status: marquee.ContactAll})
		if all.Total != 2 {
			t.Fatalf("all: %d", all.Total)
		}
		page2, _ := db.Contact.List(admin, marquee.ContactFilter{Status: marquee.ContactAll, PageRequest: marquee.PageRequest{Page: 2, PerPage: 1}})
		if page2.Total != 2 || len(page2.Items) != 1 || page2.Items[0].ID != first.ID || page2.Page != 2 {
			t.Fatalf("page 2: %+v", page2)
		}
		if _, err := db.Contact.SetHandled(admin, 999, true); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing: %v", err)
		}
		// An unknown status is refused when the filter is read, before the store.
		var f marquee.FieldErrors
		if s := marquee.ParseContactStatus("weird", &f); s != marquee.ContactOpen || marquee.ErrorCode(f.Err()) != marquee.EInvalid || !f.Has("status") {
			t.Fatalf("bad status: %q %v", s, f.Err())
		}
	})
}

func TestPackages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		en, err := db.Packages.List(ctx, "en")
		if err != nil || len(en) != 3 {
			t.Fatalf("list: %v %v", en, err)
		}
		want := []struct {
			id      string
			price   int64
			credits int64
			name    string
		}{{"basic", 2500, 50, "Basic"}, {"pro", 5000, 100, "Pro"}, {"enterprise", 10000, 250, "VIP"}}
		for i, w := range want {
			if p := en[i]; p.ID != w.id || p.PriceCents != w.price || p.Credits != w.credits || p.Name != w.name || len(p.Features) == 0 {
				t.Errorf("package %d = %+v, want %+v", i, p, w)
			}
		}
		ja, _ := db.Packages.Find(ctx, "pro", "ja")
		if ja.Name != "プロ" || ja.Features[0] != "プレミアム作品応募" {
			t.Fatalf("ja pro = %+v", ja)
		}
		fr, _ := db.Packages.Find(ctx, "basic", "fr")
		if fr.Name != "Basic" {
			t.Fatalf("unknown language should fall back to English: %+v", fr)
		}
		if _, err := db.Packages.Find(ctx, "gold", "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing package: %v", err)
		}
	})
}
