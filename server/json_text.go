package server

import (
	"unicode/utf8"
)

// validJSONText reports whether a JSON body's text is valid UTF-8 and its
// strings hold no lone surrogate escapes ("\ud800" without its low half,
// "\udc00" alone). encoding/json decodes both to U+FFFD without a word, so
// two different inputs (two passwords, say) would become the same text; it
// is checked on the raw bytes, before decoding. Only string contents are
// scanned for escapes; a malformed body is left to the decoder.
func validJSONText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	inString := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if !inString {
			inString = c == '"'
			continue
		}
		switch c {
		case '"':
			inString = false
		case '\\':
			if i+1 >= len(b) {
				return true // truncated: the decoder refuses it
			}
			i++
			if b[i] != 'u' {
				continue
			}
			r, ok := hex4(b, i+1)
			if !ok {
				continue // the decoder refuses a bad escape
			}
			i += 4
			switch {
			case r >= 0xdc00 && r <= 0xdfff:
				return false // a low half with no high half before it
			case r >= 0xd800 && r <= 0xdbff:
				// A high half must be followed at once by an escaped low half.
				if i+6 >= len(b) || b[i+1] != '\\' || b[i+2] != 'u' {
					return false
				}
				lo, ok := hex4(b, i+3)
				if !ok || lo < 0xdc00 || lo > 0xdfff {
					return false
				}
				i += 6
			}
		}
	}
	return true
}

// hex4 reads the four hexadecimal digits at b[i:i+4].
func hex4(b []byte, i int) (rune, bool) {
	if i+4 > len(b) {
		return 0, false
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}
