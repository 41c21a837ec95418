package server

import "testing"

// TestValidJSONText is the table of what decodeJSON refuses before
// decoding: invalid UTF-8 anywhere and lone surrogate escapes in strings;
// an escaped backslash followed by "udc00" is text, not an escape.
func TestValidJSONText(t *testing.T) {
	for body, want := range map[string]bool{
		`{"a":"plain"}`:                  true,
		`{"a":"東京 🎬"}`:                   true,
		`{"a":"\ud83c\udfac"}`:           true,
		`{"a":"\uD83C\uDFAC"}`:           true,
		`{"a":"\\udc00"}`:                true,
		`{"a":"\\\ud83c\udfac"}`:         true,
		`{"a":"\"\\"}`:                   true,
		`{"a":"\ufffd \u0041 \n"}`:       true,
		`{"\udc00":1}`:                   false,
		`{"a":"\udc00"}`:                 false,
		`{"a":"\ud800"}`:                 false,
		`{"a":"\ud800x"}`:                false,
		`{"a":"\ud800\u0041"}`:           false,
		`{"a":"\ud800\ud800"}`:           false,
		`{"a":"\\\udc00"}`:               false,
		"{\"a\":\"\xff\"}":               false,
		"{\"a\":\"\xed\xa0\x80\"}":       false,
		"{\"a\":1}\xc3":                  false,
		`{"a":"\ud83c\udfac", "b":"\ud8`: true, // truncated: the decoder refuses it
		`{"a":"\u12`:                     true, // malformed: left to the decoder
	} {
		if got := validJSONText([]byte(body)); got != want {
			t.Errorf("%s: %v, want %v", body, got, want)
		}
	}
}
