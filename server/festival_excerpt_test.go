package server

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	short := "Short films from everywhere."
	if got := excerpt(short, 280); got != short {
		t.Errorf("short text changed: %q", got)
	}
	long := strings.Repeat("festival ", 100)
	got := excerpt(long, 280)
	if !strings.HasSuffix(got, "…") || utf8.RuneCountInString(got) > 281 || strings.Contains(got, "festival …") {
		t.Errorf("long English text: %q", got)
	}
	cjk := strings.Repeat("映画祭", 200)
	got = excerpt(cjk, 280)
	if utf8.RuneCountInString(got) != 281 || !strings.HasPrefix(cjk, strings.TrimSuffix(got, "…")) {
		t.Errorf("CJK text cut badly: %d runes", utf8.RuneCountInString(got))
	}
}
