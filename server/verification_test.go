package server_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store/storetest"
)

// mustHash hashes pw cheaply, for accounts made in the store.
func mustHash(t *testing.T, pw string) string {
	t.Helper()
	h, err := password.Hash(pw, storetest.FastPasswords)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// verificationLink returns the token of the newest confirmation e-mail to email.
func (s *testServer) verificationToken(email string) string {
	s.t.Helper()
	page, err := s.db.Mail.List(adminCtx(s.t), marquee.MailFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 100}})
	if err != nil {
		s.t.Fatal(err)
	}
	for _, m := range page.Items {
		if m.To == email && m.Kind == marquee.MailKindVerification {
			_, rest, _ := strings.Cut(m.Body, "/verify-email?token=")
			tok, _, _ := strings.Cut(rest, "\n")
			return tok
		}
	}
	s.t.Fatalf("no confirmation e-mail to %s", email)
	return ""
}

// TestEmailVerificationOverTheAPI: sign-up answers as before (201 {user},
// signed in) with emailVerified false and sends the confirmation e-mail in
// the request's language; POST /verify-email confirms it without signing
// anyone in, once; the resend is limited to 5 an hour per user and refused
// once confirmed; /verify-email is limited to 30 an hour per IP, so a
// token cannot be guessed.
func TestEmailVerificationOverTheAPI(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		r := s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"new@example.com","password":"password-1"}`,
			header: map[string]string{"Accept-Language": "ja"}})
		expect(t, r, 201, "")
		if field(r, "user", "emailVerified") != false || r.header.Get("Set-Cookie") == "" {
			t.Fatalf("register: %s %v", r.raw, r.header)
		}
		tok := s.logIn("new@example.com", "password-1")
		if me := s.do(call{method: "GET", path: "/api/v1/me", token: tok}); field(me, "user", "emailVerified") != false {
			t.Fatalf("me: %s", me.raw)
		}
		page, _ := s.db.Mail.List(adminCtx(t), marquee.MailFilter{})
		if page.Total != 1 || page.Items[0].Language != "ja" || page.Items[0].Kind != "verification" {
			t.Fatalf("outbox: %+v", page.Items)
		}
		link := s.verificationToken("new@example.com")

		// Resend: 5 an hour, then 429.
		for i := range 5 {
			expect(t, s.do(call{method: "POST", path: "/api/v1/me/verification", token: tok}), 204, "")
			_ = i
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/verification", token: tok}), 429, "Too many confirmation e-mails")
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/verification"}), 401, "")

		// The first link still works, once, and signs nobody in.
		r = s.do(call{method: "POST", path: "/api/v1/verify-email", body: `{"token":"` + link + `"}`})
		expect(t, r, 200, "")
		if field(r, "verified") != true || r.header.Get("Set-Cookie") != "" {
			t.Fatalf("verify: %s %v", r.raw, r.header)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/verify-email", body: `{"token":"` + link + `"}`}), 400, "expired or was already used")
		if me := s.do(call{method: "GET", path: "/api/v1/me", token: tok}); field(me, "user", "emailVerified") != true {
			t.Fatalf("me after: %s", me.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/me/verification", token: tok}), 409, "already confirmed")

		// Guessing: 30 attempts an hour per IP (2 made above), then 429
		// even for a good token.
		for i := range 28 {
			expect(t, s.do(call{method: "POST", path: "/api/v1/verify-email", body: `{"token":"guess-` + string(rune('a'+i%26)) + `"}`}), 400, "")
		}
		s.signUp("other@example.com", "password-1")
		other := s.verificationToken("other@example.com")
		expect(t, s.do(call{method: "POST", path: "/api/v1/verify-email", body: `{"token":"` + other + `"}`}), 429, "")
	})
}
