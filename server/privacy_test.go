package server_test

import (
	"archive/zip"
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store/storetest"
)

// newestMailToken returns the token after marker in the newest mail of
// kind to email.
func (s *testServer) newestMailToken(email, kind, marker string) string {
	s.t.Helper()
	page, err := s.db.Mail.List(adminCtx(s.t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range page.Items { // newest first
		if m.To == email && m.Kind == kind {
			_, rest, _ := strings.Cut(m.Body, marker)
			tok, _, _ := strings.Cut(rest, "\n")
			return tok
		}
	}
	s.t.Fatalf("no %s e-mail to %s", kind, email)
	return ""
}

// TestPasswordResetOverTheAPI: the request answers 202 with one message
// whether the address has an account or not, limited per address and per
// client; the link sets the password once, ends every session, and the
// new password logs in.
func TestPasswordResetOverTheAPI(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		old := s.signUp("forgot@example.com", "password-1")

		known := s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"Forgot@example.com"}`, header: map[string]string{"Accept-Language": "ja"}})
		unknown := s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"nobody@example.com"}`, header: map[string]string{"Accept-Language": "ja"}})
		expect(t, known, 202, "")
		if known.status != unknown.status || string(known.raw) != string(unknown.raw) {
			t.Fatalf("answers differ: %s / %s", known.raw, unknown.raw)
		}
		if !strings.Contains(string(known.raw), "パスワード") {
			t.Fatalf("not translated: %s", known.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"nope"}`}), 400, "")

		tok := s.newestMailToken("forgot@example.com", marquee.MailKindPasswordReset, "/reset-password?token=")
		r := s.do(call{method: "POST", path: "/api/v1/password-resets/confirm", body: `{"token":"` + tok + `","password":"x"}`})
		expect(t, r, 400, "")
		if field(r, "fields", "password") == nil {
			t.Fatalf("password rule: %s", r.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets/confirm", body: `{"token":"` + tok + `","password":"password-2"}`}), 204, "")
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: old}), 401, "")
		s.logIn("forgot@example.com", "password-2")
		expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets/confirm", body: `{"token":"` + tok + `","password":"password-3"}`}), 400, "expired or was already used")

		// Per address: three an hour, known or not.
		for range 2 {
			expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"nobody@example.com"}`}), 202, "")
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"nobody@example.com"}`}), 429, "Too many password reset requests")
		// Per client: ten an hour (five counted so far: the refused one too).
		for i := range 5 {
			expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"n` + string(rune('a'+i)) + `@example.com"}`}), 202, "")
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/password-resets", body: `{"email":"last@example.com"}`}), 429, "")
	})
}

// TestAdminPasswordResetRoute: admins only (401, 403), an unknown user is
// 404, and the user gets the reset e-mail.
func TestAdminPasswordResetRoute(t *testing.T) {
	db := sqliteDB(t)
	s := newTestServer(t, db)
	user := s.signUp("someone@example.com", "password-1")
	u, err := db.Users.FindUserByEmail(t.Context(), "someone@example.com")
	if err != nil {
		t.Fatal(err)
	}
	path := "/api/v1/admin/users/" + strconv.FormatInt(u.ID, 10) + "/password-reset"
	expect(t, s.do(call{method: "POST", path: path}), 401, "")
	expect(t, s.do(call{method: "POST", path: path, token: user}), 403, "")
	admin := s.admin()
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/users/999999/password-reset", token: admin}), 404, "")
	r := s.do(call{method: "POST", path: path, token: admin})
	expect(t, r, 202, "")
	if string(bytes.TrimSpace(r.raw)) != "{}" {
		t.Fatalf("body %s", r.raw)
	}
	if s.newestMailToken("someone@example.com", marquee.MailKindPasswordReset, "/reset-password?token=") == "" {
		t.Fatal("no link")
	}
}

// TestDataExportOverTheAPI: signed in only; 202, then 429 within the
// hour; the worker's build is downloaded as a ZIP by its owner only.
func TestDataExportOverTheAPI(t *testing.T) {
	db := sqliteDB(t)
	s := newTestServer(t, db)
	expect(t, s.do(call{method: "POST", path: "/api/v1/me/exports", body: `{}`}), 401, "")
	owner := s.signUp("owner@example.com", "password-1")
	other := s.signUp("other@example.com", "password-1")
	expect(t, s.do(call{method: "POST", path: "/api/v1/me/exports", body: `{}`, token: owner}), 202, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/me/exports", body: `{}`, token: owner}), 429, "less than an hour ago")
	if n, err := db.Privacy.BuildExports(t.Context(), 10, mail.Composer{}.DataExport, marquee.MailKept); err != nil || n != 1 {
		t.Fatalf("build: %d %v", n, err)
	}
	// The address is not confirmed yet: the mail waits in the outbox (held).
	tok := s.newestMailToken("owner@example.com", marquee.MailKindDataExport, "/account/privacy?export=")
	path := "/api/v1/me/exports/" + tok
	expect(t, s.do(call{method: "GET", path: path}), 401, "")
	expect(t, s.do(call{method: "GET", path: path, token: other}), 404, "expired or belongs to another account")
	expect(t, s.do(call{method: "GET", path: "/api/v1/me/exports/unknown", token: owner}), 404, "")
	r := s.do(call{method: "GET", path: path, token: owner})
	if r.status != 200 || r.header.Get("Content-Type") != "application/zip" || !strings.Contains(r.header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download: %d %v", r.status, r.header)
	}
	z, err := zip.NewReader(bytes.NewReader(r.raw), int64(len(r.raw)))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range z.File {
		names[f.Name] = true
	}
	if !names["profile.json"] || !names["sessions.json"] {
		t.Fatalf("files %v", names)
	}
}

// TestAccountDeletionOverTheAPI: signed in only; the password is checked;
// the account goes, its cookie is cleared and its sessions end.
func TestAccountDeletionOverTheAPI(t *testing.T) {
	db := sqliteDB(t)
	s := newTestServer(t, db)
	expect(t, s.do(call{method: "POST", path: "/api/v1/me/delete", body: `{"password":"x"}`}), 401, "")
	tok := s.signUp("leaving@example.com", "password-1")
	r := s.do(call{method: "POST", path: "/api/v1/me/delete", body: `{"password":"wrong-one"}`, token: tok})
	expect(t, r, 400, "")
	if field(r, "fields", "password") == nil {
		t.Fatalf("fields: %s", r.raw)
	}
	r = s.do(call{method: "POST", path: "/api/v1/me/delete", body: `{"password":"password-1"}`, token: tok})
	expect(t, r, 204, "")
	if c := r.header.Get("Set-Cookie"); !strings.Contains(c, "marquee_session=;") || !strings.Contains(c, "Max-Age=0") {
		t.Fatalf("cookie not cleared: %q", c)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: tok}), 401, "")
	r = s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"leaving@example.com","password":"password-1"}`})
	if r.status == 200 {
		t.Fatal("a deleted account logged in")
	}
}
