package store_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// privacyNow is the privacy tests' starting time.
var privacyNow = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

// lastMail returns the newest mail of kind to address to, or nil.
func lastMail(t testing.TB, db *storetest.DB, to, kind string) *marquee.Mail {
	t.Helper()
	mails, err := db.Mail.List(countingAdmin(), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		t.Fatal(err)
	}
	var best *marquee.Mail
	for _, m := range mails.Items {
		if m.To == to && m.Kind == kind && (best == nil || m.ID > best.ID) {
			best = m
		}
	}
	return best
}

// linkToken returns the token after marker in m's body.
func linkToken(t testing.TB, m *marquee.Mail, marker string) string {
	t.Helper()
	if m == nil {
		t.Fatal("no mail")
	}
	_, rest, ok := strings.Cut(m.Body, marker)
	if !ok {
		t.Fatalf("no %q in %q", marker, m.Body)
	}
	tok, _, _ := strings.Cut(rest, "\n")
	return tok
}

// userWithPassword creates an account with password pw.
func userWithPassword(t testing.TB, db *storetest.DB, email, name, pw string) *marquee.User {
	t.Helper()
	hash, err := password.Hash(pw, storetest.FastPasswords)
	if err != nil {
		t.Fatal(err)
	}
	u, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: name, PasswordHash: hash})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestPasswordReset(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(privacyNow)
		u := userWithPassword(t, db, "reset@example.com", "Reset Me", "old password 1")
		if _, err := db.Sessions.Start(ctx, u.ID, "ua", "10.0.0.1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Sessions.Start(ctx, u.ID, "ua2", "10.0.0.2"); err != nil {
			t.Fatal(err)
		}

		// Invalid input is refused; an unknown address gets the same
		// answer as a known one, and no mail.
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: "not an address"}); marquee.ErrorFields(err)["email"] == "" {
			t.Fatalf("bad address: %v", err)
		}
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: "nobody@example.com"}); err != nil {
			t.Fatalf("unknown address: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM password_resets`); n != 0 {
			t.Fatalf("%d resets for an unknown address", n)
		}
		if m := lastMail(t, db, "nobody@example.com", marquee.MailKindPasswordReset); m != nil {
			t.Fatal("mail to an unknown address")
		}

		// A known address (any case) gets a link in its language.
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: " Reset@Example.com ", Language: "ja"}); err != nil {
			t.Fatal(err)
		}
		m := lastMail(t, db, u.Email, marquee.MailKindPasswordReset)
		if m == nil || m.Language != "ja" || !strings.Contains(m.Body, "https://marquee.example/reset-password?token=") {
			t.Fatalf("reset mail: %+v", m)
		}
		first := linkToken(t, m, "/reset-password?token=")
		// Only the hash is stored.
		if n := count(t, db.DB, `SELECT COUNT(*) FROM password_resets WHERE token_hash = ?`, first); n != 0 {
			t.Fatal("token stored in clear")
		}

		// A second request spends the first link.
		db.Clock.Set(privacyNow.Add(time.Minute))
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: u.Email}); err != nil {
			t.Fatal(err)
		}
		second := linkToken(t, lastMail(t, db, u.Email, marquee.MailKindPasswordReset), "/reset-password?token=")
		if first == second {
			t.Fatal("same token twice")
		}
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: first, Password: "new password 22"}); err == nil || err.Error() != marquee.ErrResetLink().Error() {
			t.Fatalf("superseded link: %v", err)
		}
		// The password's rules are sign-up's.
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: second, Password: "short"}); marquee.ErrorFields(err)["password"] == "" {
			t.Fatalf("short password: %v", err)
		}
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: second, Password: "new password 22"}); err != nil {
			t.Fatalf("reset: %v", err)
		}
		// Every session ended; the new password works, the old does not.
		if n := count(t, db.DB, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, u.ID); n != 0 {
			t.Fatalf("%d sessions left", n)
		}
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: u.Email, Password: "new password 22"}); err != nil {
			t.Fatalf("login with the new password: %v", err)
		}
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: u.Email, Password: "old password 1"}); marquee.ErrorCode(err) != marquee.EBadLogin {
			t.Fatalf("login with the old password: %v", err)
		}
		// Single use.
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: second, Password: "another password 3"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("used link: %v", err)
		}
		// Audited, without an actor.
		entries, err := db.Audit.List(adminCtx(t, db), marquee.AuditFilter{Action: marquee.AuditUserPasswordReset})
		if err != nil || entries.Total != 1 || entries.Items[0].ActorID != nil || entries.Items[0].TargetID != auditID(u.ID) {
			t.Fatalf("audit: %+v %v", entries, err)
		}

		// A link expires after an hour.
		db.Clock.Set(privacyNow.Add(2 * time.Hour))
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: u.Email}); err != nil {
			t.Fatal(err)
		}
		third := linkToken(t, lastMail(t, db, u.Email, marquee.MailKindPasswordReset), "/reset-password?token=")
		db.Clock.Set(privacyNow.Add(3*time.Hour + time.Second))
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: third, Password: "another password 3"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("expired link: %v", err)
		}
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: "unknown", Password: "another password 3"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("unknown link: %v", err)
		}

		// A disabled account gets no mail, from the form or from an admin.
		if err := db.ExecForTest(ctx, `UPDATE users SET disabled_at = ? WHERE id = ?`, privacyNow, u.ID); err != nil {
			t.Fatal(err)
		}
		before := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox`)
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: u.Email}); err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.SendPasswordReset(adminCtx(t, db), u.ID); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("admin reset of a disabled account: %v", err)
		}
		if after := count(t, db.DB, `SELECT COUNT(*) FROM mail_outbox`); after != before {
			t.Fatal("mail to a disabled account")
		}
	})
}

func TestAdminPasswordReset(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(privacyNow)
		u := userWithPassword(t, db, "forgot@example.com", "Forgot", "old password 1")
		if err := db.Privacy.SendPasswordReset(as(u), u.ID); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("non-admin: %v", err)
		}
		if err := db.Privacy.SendPasswordReset(adminCtx(t, db), 1<<40); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("unknown user: %v", err)
		}
		if err := db.Privacy.SendPasswordReset(adminCtx(t, db), u.ID); err != nil {
			t.Fatal(err)
		}
		tok := linkToken(t, lastMail(t, db, u.Email, marquee.MailKindPasswordReset), "/reset-password?token=")
		if err := db.Privacy.ResetPassword(ctx, marquee.PasswordReset{Token: tok, Password: "new password 22"}); err != nil {
			t.Fatal(err)
		}
		entries, err := db.Audit.List(adminCtx(t, db), marquee.AuditFilter{Action: marquee.AuditUserResetRequest})
		if err != nil || entries.Total != 1 || entries.Items[0].ActorEmail != adminEmail || entries.Items[0].TargetID != auditID(u.ID) {
			t.Fatalf("audit: %+v %v", entries, err)
		}
	})
}

// auditID formats a user id as an audit target id.
func TestDataExport(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(privacyNow)
		u := userWithPassword(t, db, "export@example.com", "Export Me", "password 123")
		other := userWithPassword(t, db, "other@example.com", "Other", "password 123")
		if _, err := db.Reminders.Create(as(u), marquee.NewReminder{FestivalName: "Kyoto Shorts", Date: "2026-07-01", Preference: marquee.RemindOneWeekBefore}, "en"); err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.RequestExport(ctx, "en"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("visitor: %v", err)
		}
		if err := db.Privacy.RequestExport(as(u), "zh"); err != nil {
			t.Fatal(err)
		}
		// Once an hour.
		if err := db.Privacy.RequestExport(as(u), "zh"); marquee.ErrorCode(err) != marquee.ERateLimited {
			t.Fatalf("second request: %v", err)
		}
		compose := mail.Composer{PublicURL: "https://marquee.example"}.DataExport
		n, err := db.Privacy.BuildExports(ctx, 10, compose, marquee.MailKept)
		if err != nil || n != 1 {
			t.Fatalf("build: %d %v", n, err)
		}
		if n, _ := db.Privacy.BuildExports(ctx, 10, compose, marquee.MailKept); n != 0 {
			t.Fatalf("built twice: %d", n)
		}
		m := lastMail(t, db, u.Email, marquee.MailKindDataExport)
		if m == nil || m.Language != "zh" {
			t.Fatalf("export mail: %+v", m)
		}
		tok := linkToken(t, m, "/account/privacy?export=")

		// Only its owner, signed in, downloads it.
		if _, err := db.Privacy.DownloadExport(as(other), tok); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("another account: %v", err)
		}
		if _, err := db.Privacy.DownloadExport(ctx, tok); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("visitor: %v", err)
		}
		e, err := db.Privacy.DownloadExport(as(u), tok)
		if err != nil {
			t.Fatal(err)
		}
		files := unzipJSON(t, e.Data)
		for _, name := range store.ExportFilesForTest() {
			if _, ok := files[name]; !ok {
				t.Errorf("export lacks %s", name)
			}
		}
		profile := files["profile.json"]
		if len(profile) != 1 || profile[0]["email"] != u.Email || profile[0]["name"] != "Export Me" {
			t.Fatalf("profile: %v", profile)
		}
		if _, ok := profile[0]["password_hash"]; ok {
			t.Fatal("password hash exported")
		}
		if r := files["reminders.json"]; len(r) != 1 || r[0]["festival_name"] != "Kyoto Shorts" {
			t.Fatalf("reminders: %v", r)
		}
		if a := files["audit_log.json"]; len(a) != 1 || a[0]["action"] != string(marquee.AuditUserExport) {
			t.Fatalf("audit: %v", a)
		}
		for name, rows := range files {
			for _, row := range rows {
				for k, v := range row {
					if s, ok := v.(string); ok && strings.Contains(s, "other@example.com") {
						t.Fatalf("%s.%s holds another account's address", name, k)
					}
				}
			}
		}

		// Expired after a day: no download, and the worker deletes it.
		db.Clock.Set(privacyNow.Add(marquee.DataExportTTL + time.Minute))
		if _, err := db.Privacy.DownloadExport(as(u), tok); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("expired: %v", err)
		}
		if gone, err := db.Privacy.DeleteExpiredExports(ctx); err != nil || gone != 1 {
			t.Fatalf("delete expired: %d %v", gone, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM data_exports`); n != 0 {
			t.Fatalf("%d exports left", n)
		}
	})
}

// unzipJSON reads every .json file of a ZIP as an array of objects.
func unzipJSON(t testing.TB, data []byte) map[string][]map[string]any {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("unzip: %v", err)
	}
	out := map[string][]map[string]any{}
	for _, f := range z.File {
		if !strings.HasSuffix(f.Name, ".json") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r)
		r.Close()
		var rows []map[string]any
		if err := json.Unmarshal(b, &rows); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		out[f.Name] = rows
	}
	return out
}
