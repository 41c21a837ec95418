package server

import (
	"strings"
	"time"
	"unicode/utf8"
)

// icalendar writes an iCalendar file (RFC 5545): content lines end in
// CRLF and are folded at 75 octets without splitting a UTF-8 character.
type icalendar struct {
	b strings.Builder
}

// icalLineMax is the longest content line RFC 5545 allows, in octets,
// without its CRLF.
const icalLineMax = 75

// Layouts of iCalendar DATE and UTC DATE-TIME values.
const (
	icalDate     = "20060102"
	icalDateTime = "20060102T150405Z"
)

// raw writes the content line name:value with value as it is (for values
// that are not TEXT, or already escaped).
func (c *icalendar) raw(name, value string) {
	c.b.WriteString(foldICalLine(name + ":" + value))
	c.b.WriteString("\r\n")
}

// text writes a TEXT property, escaped.
func (c *icalendar) text(name, value string) { c.raw(name, escapeICalText(value)) }

// dateTime writes a DATE-TIME property in UTC.
func (c *icalendar) dateTime(name string, t time.Time) { c.raw(name, t.UTC().Format(icalDateTime)) }

// String returns the file written so far.
func (c *icalendar) String() string { return c.b.String() }

// escapeICalText escapes a TEXT value: backslash, semicolon, comma and
// line breaks (RFC 5545 section 3.3.11). Other control characters, which
// TEXT may not hold, are dropped.
func escapeICalText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == ';':
			b.WriteString(`\;`)
		case r == ',':
			b.WriteString(`\,`)
		case r == '\n' || r == '\r':
			b.WriteString(`\n`)
		case r < 0x20 && r != '\t', r == 0x7f:
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// foldICalLine folds a content line longer than 75 octets: a CRLF and a
// space go before the character that would pass the limit (the space
// counts towards the next line's 75).
func foldICalLine(line string) string {
	if len(line) <= icalLineMax {
		return line
	}
	var b strings.Builder
	b.Grow(len(line) + len(line)/icalLineMax*3)
	n := 0
	for len(line) > 0 {
		_, size := utf8.DecodeRuneInString(line)
		if n+size > icalLineMax {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteString(line[:size])
		n += size
		line = line[size:]
	}
	return b.String()
}
