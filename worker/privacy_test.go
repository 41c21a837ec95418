package worker_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// TestTickBuildsAndExpiresExports: a tick builds a requested data export
// and e-mails its link (kept without SMTP); a tick past its 24 hours
// deletes it.
func TestTickBuildsAndExpiresExports(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		start := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
		db.Clock.Set(start)
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "data@example.com", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.RequestExport(storetest.AsUser(ctx, u), "ja"); err != nil {
			t.Fatal(err)
		}
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Privacy: db.Privacy,
			Composer: mail.Composer{PublicURL: "https://marquee.example"}, Clock: db.Clock.Now}
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		mails, _, err := listMail(ctx, db, "")
		if err != nil {
			t.Fatal(err)
		}
		if len(mails) != 1 || mails[0].Kind != marquee.MailKindDataExport || mails[0].Status != marquee.MailKept || mails[0].Language != "ja" {
			t.Fatalf("mails: %+v", mails)
		}
		_, rest, _ := strings.Cut(mails[0].Body, "/account/privacy?export=")
		token, _, _ := strings.Cut(rest, "\n")
		if e, err := db.Privacy.DownloadExport(storetest.AsUser(ctx, u), token); err != nil || len(e.Data) == 0 {
			t.Fatalf("download: %v", err)
		}
		db.Clock.Set(start.Add(marquee.DataExportTTL + time.Minute))
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		// The tick deleted it: nothing is left to delete.
		if n, err := db.Privacy.DeleteExpiredExports(ctx); err != nil || n != 0 {
			t.Fatalf("exports left after expiry: %d %v", n, err)
		}
	})
}
