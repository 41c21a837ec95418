package store_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// verifyServices are the services over db with confirmation e-mails and
// receipts (a fake provider) on.
func verifyServices(t *testing.T, db *storetest.DB) *store.Services {
	t.Helper()
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
		Payments: store.PaymentOptions{Provider: newFakeProvider(), ComposeReceipt: composeTestReceipt, ReceiptStatus: marquee.MailQueued},
		Users:    store.UserOptions{ComposeVerification: mail.Composer{PublicURL: "https://marquee.example"}.Verification}})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// verificationToken reads the token of the newest confirmation e-mail to
// email from the outbox.
func verificationToken(t *testing.T, db *storetest.DB, email string) string {
	t.Helper()
	for _, m := range listMail(t, db, "", 1, 100).Items {
		if m.To == email && m.Kind == marquee.MailKindVerification {
			_, rest, _ := strings.Cut(m.Body, "/verify-email?token=")
			tok, _, _ := strings.Cut(rest, "\n")
			return tok
		}
	}
	t.Fatalf("no confirmation e-mail to %s", email)
	return ""
}

// TestVerificationLinkSingleUseHashedExpiring: a sign-up is unconfirmed
// and gets one confirmation e-mail in its language, kept (never held);
// only the SHA-256 of the token is stored; an unknown token, a token past
// 24 hours and a token used once are refused with the one message; a
// fresh link confirms the address.
func TestVerificationLinkSingleUseHashedExpiring(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
		svc := verifyServices(t, db)
		u, err := svc.Users.Register(ctx, marquee.NewUser{Email: "New@Example.com", Password: "password-1", Language: "zh"})
		if err != nil || u.EmailVerified {
			t.Fatalf("register: %+v %v", u, err)
		}
		mails := listMail(t, db, "", 1, 100)
		if mails.Total != 1 || mails.Items[0].Kind != "verification" || mails.Items[0].Language != "zh" ||
			mails.Items[0].Status != marquee.MailKept || mails.Items[0].To != "new@example.com" {
			t.Fatalf("outbox after sign-up: %+v", mails.Items)
		}
		tok := verificationToken(t, db, "new@example.com")
		sum := sha256.Sum256([]byte(tok))
		if n := count(t, db.DB, `SELECT COUNT(*) FROM email_verifications WHERE token_hash = ? AND user_id = ?`, hex.EncodeToString(sum[:]), u.ID); n != 1 {
			t.Fatalf("hashed token rows: %d", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM email_verifications WHERE token_hash = ?`, tok); n != 0 {
			t.Fatal("the token is stored as it is")
		}
		for _, bad := range []string{"", "nope", strings.Repeat("x", 500), tok[:len(tok)-1]} {
			if _, err := svc.Users.VerifyEmail(ctx, bad); marquee.ErrorMessage(err) != "This confirmation link has expired or was already used" {
				t.Fatalf("token %q: %v", bad, err)
			}
		}
		// 24 hours and a second later the link is dead.
		db.Clock.Set(time.Date(2026, 5, 2, 10, 0, 1, 0, time.UTC))
		if _, err := svc.Users.VerifyEmail(ctx, tok); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("expired: %v", err)
		}
		if err := svc.Users.RequestVerification(storetest.AsUser(ctx, u), "ja"); err != nil {
			t.Fatal(err)
		}
		fresh := verificationToken(t, db, "new@example.com")
		got, err := svc.Users.VerifyEmail(ctx, fresh)
		if err != nil || !got.EmailVerified || got.ID != u.ID {
			t.Fatalf("verify: %+v %v", got, err)
		}
		if _, err := svc.Users.VerifyEmail(ctx, fresh); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("used twice: %v", err)
		}
		if err := svc.Users.RequestVerification(storetest.AsUser(ctx, got), "en"); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("request once confirmed: %v", err)
		}
	})
}

// TestMailHeldUntilVerified: a new account's receipt and due reminder are
// not mailed while its address is unconfirmed (the receipt is held, the
// sender never claims it; the reminder stays unsent), and both go once
// the address is confirmed: the receipt queued again, the reminder sent
// late with its date. Mail to an address with no account is not held.
func TestMailHeldUntilVerified(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC))
		svc := verifyServices(t, db)
		u, err := svc.Users.Register(ctx, marquee.NewUser{Email: "buyer@example.com", Password: "password-1", Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Payments.Checkout(as(u), marquee.CheckoutRequest{PackageID: "pro", Country: "us", PaymentMethod: pmSucceed, Language: "en"}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Reminders.Create(as(u), marquee.NewReminder{FestivalName: "Annecy", Date: "2026-05-03", Preference: marquee.RemindOneDayBefore}, "en"); err != nil {
			t.Fatal(err)
		}
		stranger := &marquee.Mail{Kind: "judge-invitation", To: "nobody@example.com", Subject: "s", Body: "b", Status: marquee.MailQueued}
		if err := svc.Mail.Enqueue(ctx, stranger); err != nil || stranger.Status != marquee.MailQueued {
			t.Fatalf("mail to an address without account: %v %v", stranger.Status, err)
		}
		compose := mail.Composer{}.Reminder
		// Two days on: the reminder (due 05-02 09:00) has come due.
		db.Clock.Set(time.Date(2026, 5, 3, 8, 0, 0, 0, time.UTC))
		if n, err := svc.Reminders.SendDue(ctx, 10, compose, marquee.MailQueued); err != nil || n != 0 {
			t.Fatalf("unconfirmed reminder sent: %d %v", n, err)
		}
		held := listMail(t, db, marquee.MailHeld, 1, 100).Items
		if len(held) != 1 || held[0].Kind != "receipt" || held[0].To != "buyer@example.com" {
			t.Fatalf("held: %+v", held)
		}
		claimed, err := svc.Mail.Claim(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 1 || claimed[0].To != "nobody@example.com" {
			t.Fatalf("claimed while unconfirmed: %+v %v", claimed, err)
		}
		if err := svc.Mail.MarkSent(ctx, claimed[0].ID); err != nil {
			t.Fatal(err)
		}

		// The first link has expired: the user asks for another.
		if err := svc.Users.RequestVerification(as(u), "en"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Users.VerifyEmail(ctx, verificationToken(t, db, "buyer@example.com")); err != nil {
			t.Fatal(err)
		}
		if held := listMail(t, db, marquee.MailHeld, 1, 100); held.Total != 0 {
			t.Fatalf("still held: %+v", held.Items)
		}
		if n, err := svc.Reminders.SendDue(ctx, 10, compose, marquee.MailQueued); err != nil || n != 1 {
			t.Fatalf("reminder after confirmation: %d %v", n, err)
		}
		claimed, err = svc.Mail.Claim(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 2 || claimed[0].Kind != "receipt" || claimed[1].Kind != "reminder" {
			t.Fatalf("claimed once confirmed: %+v %v", claimed, err)
		}
		if r := claimed[1]; r.Subject != "Reminder: Annecy on Sunday, 3 May 2026" || !strings.Contains(r.Body, "Annecy takes place on Sunday, 3 May 2026.") {
			t.Fatalf("late reminder: %q\n%s", r.Subject, r.Body)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

// TestMigrationTakesExistingUsersAsVerified: accounts made before
// migration 00010 are confirmed (nothing changes for them), and so is the
// admin the operator's command makes.
func TestMigrationTakesExistingUsersAsVerified(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		if err := db.MigrateDownToForTest(ctx, 8); err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at) VALUES ('old@example.com', 'Old', 'h', 'filmmaker', 0, ?, ?)`,
			time.Now(), time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		u, err := db.Users.FindUserByEmail(ctx, "old@example.com")
		if err != nil || !u.EmailVerified {
			t.Fatalf("existing user after migration: %+v %v", u, err)
		}
		if _, err := db.Users.UpsertAdmin(ctx, "root@example.com", "Root", "admin-password"); err != nil {
			t.Fatal(err)
		}
		if a, _ := db.Users.FindUserByEmail(ctx, "root@example.com"); !a.EmailVerified {
			t.Fatal("the operator's admin is not verified")
		}
	})
}
