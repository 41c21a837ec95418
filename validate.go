package marquee

import (
	"net/mail"
	"strings"
	"unicode/utf8"
)

// NormalizeEmail trims and lower-cases an address so that uniqueness is case-insensitive.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// EmailMax bounds an e-mail address, in bytes (RFC 5321's path limit).
const EmailMax = 254

// ValidEmail reports whether s is a plain address (no display name) of at most EmailMax characters.
func ValidEmail(s string) bool {
	if s == "" || len(s) > EmailMax || strings.ContainsAny(s, " \t\r\n<>") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".")
}

// Length returns the number of characters (runes) in s.
func Length(s string) int { return utf8.RuneCountInString(s) }

// PasswordMinLength and PasswordMaxLength bound passwords.
const (
	PasswordMinLength = 8
	PasswordMaxLength = 256
)

// CheckPassword returns a message when a new password is unacceptable,
// else "". Logging in never applies it: a stored password is compared as it is.
func CheckPassword(p string) string {
	switch n := Length(p); {
	case strings.TrimSpace(p) == "":
		return "Password is required"
	case !utf8.ValidString(p):
		return "This field contains text that is not valid UTF-8"
	case hasControl(p):
		// Line breaks, tabs and other control characters cannot be typed
		// into the sign-in form, so a password holding one (pasted) could
		// not be typed again. Bidirectional controls are accepted: a
		// password is never shown, so they cannot mislead anyone.
		return "This field cannot contain line breaks or control characters"
	case n < PasswordMinLength:
		return "Password must be at least 8 characters"
	case n > PasswordMaxLength:
		return "Password must be at most 256 characters"
	}
	return ""
}
