package marquee_test

import (
	"errors"
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
	var f marquee.FieldErrors
	if f.Err() != nil || f.ErrMessage("x") != nil {
		t.Fatal("empty field errors must be nil")
	}
	f.Add("email", "bad")
	f.Add("email", "ignored")
	err := f.ErrMessage("Please correct the fields")
	if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)["email"] != "bad" || marquee.ErrorMessage(err) != "Please correct the fields" {
		t.Fatalf("unexpected %v", err)
	}
}

// TestFieldErrorsNameFirstFailure: the message is the first failing
// field's, in the order fields failed, and Merge orders another error's
// fields as asked.
func TestFieldErrorsNameFirstFailure(t *testing.T) {
	var f marquee.FieldErrors
	f.Add("b", "second field")
	f.Add("a", "first field")
	if got := marquee.ErrorMessage(f.Err()); got != "second field" {
		t.Fatalf("message %q, want the first added field's", got)
	}
	other := &marquee.Error{Code: marquee.EInvalid, Message: "x", Fields: map[string]string{"z": "zed", "y": "why"}}
	var g marquee.FieldErrors
	if err := g.Merge(other, "y", "z"); err != nil {
		t.Fatal(err)
	}
	if got := marquee.ErrorMessage(g.Err()); got != "why" {
		t.Fatalf("merged message %q, want y's", got)
	}
	if err := g.Merge(errors.New("boom")); err == nil {
		t.Fatal("a non-validation error must come back from Merge")
	}
}
