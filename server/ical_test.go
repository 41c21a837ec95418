package server

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestEscapeICalText(t *testing.T) {
	for in, want := range map[string]string{
		`Cannes; Un Certain Regard, 2026`: `Cannes\; Un Certain Regard\, 2026`,
		`C:\films\`:                       `C:\\films\\`,
		"line one\r\nline two\nthree":     `line one\nline two\nthree`,
		"bell\x07 and tab\t":              "bell and tab\t",
		"東京国際映画祭":                         "東京国際映画祭",
	} {
		if got := escapeICalText(in); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestFoldICalLine(t *testing.T) {
	short := "SUMMARY:Berlinale"
	if got := foldICalLine(short); got != short {
		t.Fatalf("short line folded: %q", got)
	}
	// 3-octet characters after an 8-octet name: the limit falls inside a
	// character on most lines, which must move whole to the next line.
	line := "SUMMARY:" + strings.Repeat("東京国際映画祭・第三十九回", 12)
	folded := foldICalLine(line)
	parts := strings.Split(folded, "\r\n")
	if len(parts) < 5 {
		t.Fatalf("folded into %d lines", len(parts))
	}
	for i, p := range parts {
		if len(p) > icalLineMax {
			t.Errorf("line %d has %d octets", i, len(p))
		}
		if !utf8.ValidString(p) {
			t.Errorf("line %d splits a character: %q", i, p)
		}
		if i > 0 && !strings.HasPrefix(p, " ") {
			t.Errorf("continuation line %d does not start with a space", i)
		}
		// Lines are filled: the next character would not have fitted.
		if i < len(parts)-1 {
			_, next := utf8.DecodeRuneInString(strings.TrimPrefix(parts[i+1], " "))
			if len(p)+next <= icalLineMax {
				t.Errorf("line %d (%d octets) ended early", i, len(p))
			}
		}
	}
	if unfolded := strings.ReplaceAll(folded, "\r\n ", ""); unfolded != line {
		t.Fatal("unfolding does not give the line back")
	}
	// ASCII folds at exactly 75 octets.
	ascii := foldICalLine("DESCRIPTION:" + strings.Repeat("x", 200))
	if first := strings.SplitN(ascii, "\r\n", 2)[0]; len(first) != 75 {
		t.Fatalf("first ASCII line has %d octets", len(first))
	}
}

func TestICalendarWriter(t *testing.T) {
	var c icalendar
	c.raw("BEGIN", "VCALENDAR")
	c.text("SUMMARY", "a,b")
	c.dateTime("DTSTAMP", time.Date(2026, 3, 1, 18, 4, 5, 0, time.FixedZone("JST", 9*3600)))
	c.raw("END", "VCALENDAR")
	want := "BEGIN:VCALENDAR\r\nSUMMARY:a\\,b\r\nDTSTAMP:20260301T090405Z\r\nEND:VCALENDAR\r\n"
	if c.String() != want {
		t.Fatalf("got %q, want %q", c.String(), want)
	}
}
