package marquee_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzValidateQuestion: a question to the assistant is accepted trimmed,
// with its CR LF as LF and no carriage return left, of 1 to 1,000
// characters a multi-line field accepts; validating it again changes
// nothing.
func FuzzValidateQuestion(f *testing.F) {
	for _, s := range []string{"Documentary festivals in Tokyo?", "  line one\r\nline two \r\n", "", "   ", "a\rb", "\x00",
		strings.Repeat("映", 1000), strings.Repeat("映", 1001), "\u2028question\u2029", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := marquee.ValidateQuestion(s)
		if err != nil {
			if _, ok := marquee.ErrorFields(err)["question"]; !ok || q != "" {
				t.Fatalf("ValidateQuestion(%q) = %q, %v", s, q, err)
			}
			return
		}
		var fe marquee.FieldErrors
		switch n := marquee.Length(q); {
		case n < 1 || n > marquee.InquiryQuestionMax:
			t.Fatalf("ValidateQuestion(%q) accepted %d characters", s, n)
		case q != strings.TrimSpace(q) || strings.Contains(q, "\r"):
			t.Fatalf("ValidateQuestion(%q) = %q", s, q)
		case !marquee.CheckMultiLine("question", q, &fe):
			t.Fatalf("ValidateQuestion(%q) = %q, which a multi-line field refuses", s, q)
		}
		if again, err := marquee.ValidateQuestion(q); err != nil || again != q {
			t.Fatalf("ValidateQuestion(%q) = %q, %v", q, again, err)
		}
	})
}
