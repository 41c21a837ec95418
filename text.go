package marquee

import (
	"unicode/utf8"
)

// CheckSingleLine adds a field error under field when value, the text of
// a one-line field (a name, an e-mail address, a title, a website), is not
// valid UTF-8, contains a control character (C0 and C1, DEL, tab and line
// breaks included, and the Unicode line and paragraph separators U+2028
// and U+2029) or a bidirectional override, embedding or isolate
// (U+202A–U+202E, U+2066–U+2069), which can make a name or an address
// read as something else ("moc.elpmaxe" shown as "example.com"). The
// implicit marks U+200E, U+200F and U+061C stay allowed: they cannot
// reorder what follows them and right-to-left writers use them. It reports
// whether value passed; a field that already failed keeps its first message.
func CheckSingleLine(field, value string, f *FieldErrors) bool {
	return checkText(field, value, false, f)
}

// CheckMultiLine is CheckSingleLine for a field of several lines (a
// description, a synopsis, a message, a comment): line feeds, CR LF pairs,
// tabs and the Unicode line and paragraph separators stay, any other
// control character (a lone carriage return included) is refused.
// Bidirectional controls are allowed here: long texts written in Arabic or
// Hebrew carry them when pasted from word processors, the site shows such a
// text in its own block (an override cannot reach past it), and a
// description identifies nothing, unlike a name or an address.
func CheckMultiLine(field, value string, f *FieldErrors) bool {
	return checkText(field, value, true, f)
}

// The problems the text hygiene rules find.
const (
	textOK = iota
	textInvalidUTF8
	textControl
	textBidi
)

// checkText adds the message of the first rule value breaks (one message
// per rule, the same for every field) and reports whether it passed.
func checkText(field, value string, multiLine bool, f *FieldErrors) bool {
	switch textProblem(value, multiLine) {
	case textInvalidUTF8:
		f.Add(field, "This field contains text that is not valid UTF-8")
	case textControl:
		if multiLine {
			f.Add(field, "This field cannot contain control characters")
		} else {
			f.Add(field, "This field cannot contain line breaks or control characters")
		}
	case textBidi:
		f.Add(field, "This field cannot contain text direction control characters")
	default:
		return true
	}
	return false
}

// textProblem returns the first hygiene rule value breaks, or textOK.
func textProblem(value string, multiLine bool) int {
	if !utf8.ValidString(value) {
		return textInvalidUTF8
	}
	for i, r := range value {
		switch {
		case multiLine && (r == '\n' || r == '\t' || r == '\u2028' || r == '\u2029'):
		case multiLine && r == '\r' && i+1 < len(value) && value[i+1] == '\n':
		case isControl(r) || r == '\u2028' || r == '\u2029':
			return textControl
		case !multiLine && isBidiControl(r):
			return textBidi
		}
	}
	return textOK
}

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// isBidiControl reports whether r is an explicit bidirectional embedding,
// override or isolate, or the pop that ends one.
func isBidiControl(r rune) bool { return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 }

// hasControl reports whether s contains a control character (see
// isControl), for texts such as passwords that are never shown.
func hasControl(s string) bool {
	for _, r := range s {
		if isControl(r) {
			return true
		}
	}
	return false
}
