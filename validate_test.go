package marquee_test

import (
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestValidEmail(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"a@example.com", true},
		{"first.last+tag@sub.example.co.jp", true},
		{"", false},
		{"no-at.example.com", false},
		{"a@localhost", false},
		{"Name <a@example.com>", false},
		{"a b@example.com", false},
	} {
		if got := marquee.ValidEmail(tc.in); got != tc.want {
			t.Errorf("ValidEmail(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	if msg := marquee.CheckPassword("short"); msg == "" {
		t.Error("short password accepted")
	}
	if msg := marquee.CheckPassword("        "); msg == "" {
		t.Error("blank password accepted")
	}
	if msg := marquee.CheckPassword("long enough"); msg != "" {
		t.Errorf("good password refused: %s", msg)
	}
	if msg := marquee.CheckPassword("パスワード長いです"); msg != "" {
		t.Errorf("Japanese password refused: %s", msg)
	}
}

func TestErrorHelpers(t *testing.T) {
	f := marquee.FieldErrors{}
	if f.Err("x") != nil {
		t.Fatal("empty field errors must be nil")
	}
	f.Add("email", "bad")
	f.Add("email", "ignored")
	err := f.Err("Please correct the fields")
	if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)["email"] != "bad" {
		t.Fatalf("unexpected %v", err)
	}
}
