package marquee_test

import (
	"net/mail"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// FuzzValidEmail: an address ValidEmail accepts is a plain address of at
// most 254 bytes, without spaces or angle brackets, that net/mail reads
// back unchanged, with a dotted domain; normalising twice is normalising
// once.
func FuzzValidEmail(f *testing.F) {
	for _, s := range []string{"ada@example.com", "Ada <ada@example.com>", "a@b", "a@b.c", " ada@example.com ", "\"a b\"@example.com",
		"ada@[127.0.0.1]", "ADA@EXAMPLE.COM", "a\u202e@example.com", "a@exa\u0085mple.com", "ü@bücher.de", "a@b.c@d.e",
		strings.Repeat("a", 250) + "@b.co", "(comment)a@example.com"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := marquee.NormalizeEmail(s)
		if marquee.NormalizeEmail(n) != n {
			t.Fatalf("NormalizeEmail(%q) = %q, then %q", s, n, marquee.NormalizeEmail(n))
		}
		if !marquee.ValidEmail(s) {
			return
		}
		at := strings.LastIndexByte(s, '@')
		a, err := mail.ParseAddress(s)
		switch {
		case len(s) > 254 || strings.ContainsAny(s, " \t\r\n<>"):
			t.Fatalf("ValidEmail(%q) accepted", s)
		case err != nil || a.Address != s || a.Name != "":
			t.Fatalf("ValidEmail(%q) accepted what net/mail reads as %v, %v", s, a, err)
		case at <= 0 || !strings.Contains(s[at+1:], "."):
			t.Fatalf("ValidEmail(%q) accepted an address without a dotted domain", s)
		}
	})
}

// FuzzNewUserValidate: a sign-up that passes is normalised for good (a
// second Validate passes and changes nothing), with a valid lower-case
// address and a name of 1 to 100 characters, both of which a one-line
// field accepts, and a password CheckPassword accepts.
func FuzzNewUserValidate(f *testing.F) {
	f.Add("Ada@Example.com", "correct horse", "Ada Lovelace")
	f.Add(" ada@example.com ", "12345678", "")
	f.Add("a\u202eb@example.com", "password", "x")
	f.Add("ada@example.com", "pass\nword", "Ada\u2066")
	f.Add("\"a b\"@example.com", "password1", " ")
	f.Add(strings.Repeat("long", 30)+"@example.com", "password1", "")
	f.Fuzz(func(t *testing.T, email, password, name string) {
		u := marquee.NewUser{Email: email, Password: password, Name: name}
		if err := u.Validate(); err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) == 0 {
				t.Fatalf("Validate(%q, %q, %q): %v", email, password, name, err)
			}
			return
		}
		var fe marquee.FieldErrors
		switch {
		case u.Email != marquee.NormalizeEmail(u.Email) || !marquee.ValidEmail(u.Email):
			t.Fatalf("Validate(%q) kept e-mail %q", email, u.Email)
		case u.Name == "" || utf8.RuneCountInString(u.Name) > marquee.UserNameMax || u.Name != strings.TrimSpace(u.Name):
			t.Fatalf("Validate(%q, name %q) kept name %q (%d characters)", email, name, u.Name, utf8.RuneCountInString(u.Name))
		case !marquee.CheckSingleLine("email", u.Email, &fe) || !marquee.CheckSingleLine("name", u.Name, &fe):
			t.Fatalf("Validate kept %q, %q, which a one-line field refuses: %v", u.Email, u.Name, fe.Err())
		case marquee.CheckPassword(u.Password) != "":
			t.Fatalf("Validate accepted password %q", u.Password)
		}
		again := u
		if err := again.Validate(); err != nil || again != u {
			t.Fatalf("Validate of %+v again: %+v, %v", u, again, err)
		}
	})
}
