package server

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCSVText: a cell of the organisers' CSV downloads never starts with
// a character that makes a spreadsheet read it as a formula (=, +, -, @,
// tab, carriage return); it is the text as typed, with a ' before it when
// it would; and a download's file name keeps only letters, digits, - and
// _ of the slug.
func FuzzCSVText(f *testing.F) {
	for _, s := range []string{"", "Plain title", "=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "'quoted",
		" =1+1", "＝1", "\n=1", "東京", "\xff=", "../../etc/passwd", "tokyo-shorts_2027"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := csvText(s)
		risky := s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0]))
		switch {
		case out != "" && strings.ContainsRune("=+-@\t\r", rune(out[0])):
			t.Fatalf("csvText(%q) = %q starts a formula", s, out)
		case risky && out != "'"+s, !risky && out != s:
			t.Fatalf("csvText(%q) = %q", s, out)
		}
		name := csvFilename(s)
		for _, r := range name {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
				t.Fatalf("csvFilename(%q) = %q", s, name)
			}
		}
	})
}

// FuzzICalText: a TEXT property of the calendars (a festival's or a
// screening's name, a venue) is written as content lines of at most 75
// octets, each ended by CRLF, valid UTF-8, the continuation lines
// starting with a space; unfolded and unescaped, it gives back the text
// (CR LF and lone CR as line feeds, other control characters, which TEXT
// may not hold, left out).
func FuzzICalText(f *testing.F) {
	for _, s := range []string{"", "Tokyo Shorts", "a,b;c\\d", "line one\r\nline two\rthree\n", "bell\x07 tab\t del\x7f",
		strings.Repeat("映", 40), strings.Repeat("a", 74) + "é" + strings.Repeat("b", 80), "\xff\xfe", "🎬" + strings.Repeat("x", 73) + "🎬",
		"\\n is not a line break", "\u2028 NEL\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		var c icalendar
		c.text("SUMMARY", value)
		out := c.String()
		if !strings.HasSuffix(out, "\r\n") {
			t.Fatalf("%q: not ended by CRLF", out)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n")
		for i, l := range lines {
			switch {
			case len(l) > icalLineMax:
				t.Fatalf("line %d of %d octets: %q", i, len(l), l)
			case strings.ContainsAny(l, "\r\n"):
				t.Fatalf("line %d holds a bare line break: %q", i, l)
			case !utf8.ValidString(l):
				t.Fatalf("line %d splits a character: %q", i, l)
			case i > 0 && !strings.HasPrefix(l, " "):
				t.Fatalf("continuation line %d does not start with a space: %q", i, l)
			case i == 0 && !strings.HasPrefix(l, "SUMMARY:"):
				t.Fatalf("first line %q", l)
			}
		}
		unfolded := strings.ReplaceAll(strings.TrimSuffix(out, "\r\n"), "\r\n ", "")
		got, ok := unescapeICalText(strings.TrimPrefix(unfolded, "SUMMARY:"))
		if want := icalTextOf(value); !ok || got != want {
			t.Fatalf("text %q written as %q: unfolds to %q, want %q", value, out, got, want)
		}
	})
}

// unescapeICalText reads a TEXT value (RFC 5545 section 3.3.11); ok is
// false for a lone backslash, an unknown escape or an unescaped ; or ,.
func unescapeICalText(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			if i+1 == len(s) {
				return "", false
			}
			i++
			switch s[i] {
			case '\\', ';', ',':
				b.WriteByte(s[i])
			case 'n', 'N':
				b.WriteByte('\n')
			default:
				return "", false
			}
		case ';', ',':
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// icalTextOf is what a calendar reader should get for value: line breaks
// (CR LF, CR, LF) as LF, the other controls but tab dropped, bytes that
// are not UTF-8 as U+FFFD.
func icalTextOf(value string) string {
	value = strings.ReplaceAll(value, "\r\n", "\n")
	var b strings.Builder
	for _, r := range value {
		switch {
		case r == '\r' || r == '\n':
			b.WriteByte('\n')
		case r < 0x20 && r != '\t' || r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
