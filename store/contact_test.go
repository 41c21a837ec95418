package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestContactMessages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		admin, _ := db.CreateUser(ctx, store.NewUser{Email: "admin@example.com", PasswordHash: "h", Role: marquee.RoleAdmin})
		m := &marquee.ContactMessage{Name: "山田", Email: "y@example.jp", Subject: "質問", Message: "映画祭について教えてください。", IP: "10.0.0.1"}
		if err := db.CreateContactMessage(ctx, m); err != nil || m.ID == 0 {
			t.Fatalf("create: %v", err)
		}
		second := &marquee.ContactMessage{Name: "B", Email: "b@example.com", Subject: "Hi", Message: "Hello there, friends"}
		if err := db.CreateContactMessage(ctx, second); err != nil {
			t.Fatal(err)
		}
		open, total, err := db.ListContactMessages(ctx, store.ContactOpen, 0, 0)
		if err != nil || total != 2 || len(open) != 2 {
			t.Fatalf("open: %d %v", total, err)
		}
		got, err := db.SetContactMessageHandled(ctx, m.ID, true, admin.ID)
		if err != nil || got.HandledAt == nil || got.Subject != "質問" {
			t.Fatalf("handle: %+v %v", got, err)
		}
		_, total, _ = db.ListContactMessages(ctx, store.ContactOpen, 0, 0)
		handled, htotal, _ := db.ListContactMessages(ctx, store.ContactHandled, 0, 0)
		if total != 1 || htotal != 1 || handled[0].ID != m.ID {
			t.Fatalf("after handling: open %d handled %d", total, htotal)
		}
		if got, _ = db.SetContactMessageHandled(ctx, m.ID, false, admin.ID); got.HandledAt != nil {
			t.Fatal("reopen kept handledAt")
		}
		_, total, _ = db.ListContactMessages(ctx, store.ContactAll, 0, 0)
		if total != 2 {
			t.Fatalf("all: %d", total)
		}
		if _, err := db.SetContactMessageHandled(ctx, 999, true, admin.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing: %v", err)
		}
		if _, _, err := db.ListContactMessages(ctx, "weird", 0, 0); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("bad status: %v", err)
		}
	})
}

func TestPackages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		en, err := db.ListPackages(ctx, "en")
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
		ja, _ := db.FindPackage(ctx, "pro", "ja")
		if ja.Name != "プロ" || ja.Features[0] != "プレミアム作品応募" {
			t.Fatalf("ja pro = %+v", ja)
		}
		fr, _ := db.FindPackage(ctx, "basic", "fr")
		if fr.Name != "Basic" {
			t.Fatalf("unknown language should fall back to English: %+v", fr)
		}
		if _, err := db.FindPackage(ctx, "gold", "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing package: %v", err)
		}
	})
}
