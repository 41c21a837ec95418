package marquee_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// singleLineForbidden is what a one-line field may never hold, written
// out independently of text.go: C0 and C1 controls, DEL, the Unicode line
// and paragraph separators, and the explicit bidirectional embeddings,
// overrides and isolates.
func singleLineForbidden(r rune) bool {
	return r < 0x20 || r >= 0x7f && r < 0xa0 || r == 0x2028 || r == 0x2029 ||
		r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// multiLineForbidden reports whether the rune r at byte i of s may not
// stand in a multi-line field: any control but a line feed, a tab or a
// carriage return that starts a CR LF pair.
func multiLineForbidden(s string, i int, r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r == '\r':
		return !strings.HasPrefix(s[i:], "\r\n")
	}
	return r < 0x20 || r >= 0x7f && r < 0xa0
}

// textMessages are the only messages the text checks give.
var textMessages = map[string]bool{
	"This field contains text that is not valid UTF-8":                          true,
	"This field cannot contain line breaks or control characters":               true,
	"This field cannot contain control characters":                              true,
	"This field cannot contain text direction control characters":               true,
	"This field cannot contain invisible characters such as zero-width spaces":  true,
	"This field cannot contain private-use characters or Unicode noncharacters": true,
}

// singleLineQuestionable is what a one-line field may refuse besides the
// forbidden runes: format characters (zero-width and direction marks,
// BOM, joiners where no script needs them), noncharacters and private use.
func singleLineQuestionable(r rune) bool {
	return singleLineForbidden(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) ||
		r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r) || r == 0x3164 || r == 0xffa0 || r == 0x115f || r == 0x1160 || r == 0x34f || r == 0xad
}

// textSeeds are the texts both text checks start from.
var textSeeds = []string{
	"", "Lisbon Short Film Days", "東京 短編映画祭 — مهرجان", "🎬 Days", "abc\u200e\u200f\u061c",
	"one\ntwo", "one\r\ntwo", "one\rtwo", "a\tb", "a\x00b", "a\x1b[31mred", "a\x7fb", "a\u0085b",
	"a\u2028b", "invoice\u202egnp.exe", "a\u2066b\u2069", "\xff@example.com", "a\xed\xa0\x80b", "a \ufffd b",
	"end\r",
}

// FuzzCheckSingleLine: a one-line field never accepts invalid UTF-8, a
// control, a line or paragraph separator or a bidirectional control, and
// refuses nothing else but invisible, private-use and non-characters
// (text.go decides which joiners a script needs); what it accepts a
// multi-line field accepts too.
func FuzzCheckSingleLine(f *testing.F) {
	for _, s := range textSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		var fe marquee.FieldErrors
		ok := marquee.CheckSingleLine("name", value, &fe)
		if ok != fe.Empty() {
			t.Fatalf("CheckSingleLine(%q) = %v with field errors %v", value, ok, fe.Err())
		}
		bad := !utf8.ValidString(value) || strings.IndexFunc(value, singleLineForbidden) >= 0
		questionable := !utf8.ValidString(value) || strings.IndexFunc(value, singleLineQuestionable) >= 0
		if ok && bad || !ok && !questionable {
			t.Fatalf("CheckSingleLine(%q) = %v", value, ok)
		}
		if !ok {
			if msg := marquee.ErrorFields(fe.Err())["name"]; !textMessages[msg] {
				t.Fatalf("CheckSingleLine(%q): message %q", value, msg)
			}
			return
		}
		var ml marquee.FieldErrors
		if !marquee.CheckMultiLine("name", value, &ml) {
			t.Fatalf("one-line text %q refused as multi-line: %v", value, ml.Err())
		}
	})
}

// FuzzCheckMultiLine: a multi-line field accepts exactly the valid UTF-8
// texts whose only controls are line feeds, tabs and CR LF pairs.
func FuzzCheckMultiLine(f *testing.F) {
	for _, s := range textSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		var fe marquee.FieldErrors
		ok := marquee.CheckMultiLine("description", value, &fe)
		if ok != fe.Empty() {
			t.Fatalf("CheckMultiLine(%q) = %v with field errors %v", value, ok, fe.Err())
		}
		bad := !utf8.ValidString(value)
		for i, r := range value {
			bad = bad || multiLineForbidden(value, i, r)
		}
		if ok == bad {
			t.Fatalf("CheckMultiLine(%q) = %v, want %v", value, ok, !bad)
		}
		if !ok {
			if msg := marquee.ErrorFields(fe.Err())["description"]; !textMessages[msg] {
				t.Fatalf("CheckMultiLine(%q): message %q", value, msg)
			}
		}
	})
}
