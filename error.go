package marquee

import (
	"errors"
	"fmt"
)

// Error codes. The HTTP layer maps each to a status; the front end
// translates each through its `errors.<code>` key.
const (
	EInvalid      = "validation"
	EInvalidJSON  = "invalid_json"
	ETooLarge     = "too_large"
	EConflict     = "conflict"
	EEmailTaken   = "email_taken"
	ENotFound     = "not_found"
	EUnauthorized = "unauthorized"
	EBadLogin     = "invalid_credentials"
	EForbidden    = "forbidden"
	ERateLimited  = "rate_limited"
	EInternal     = "internal"
	// EInsufficientCredits: the balance does not cover a fee (402); the
	// front end links to /pricing.
	EInsufficientCredits = "insufficient_credits"
	// EUnsupportedMedia: an upload of a type Marquee does not take (415).
	EUnsupportedMedia = "unsupported_media"
)

// Error is an error meant for the user: a code, a message and, for invalid
// input, a message per field.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("marquee error: code=%s message=%s", e.Code, e.Message)
}

// Errorf returns an Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal
// for any other error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the user-facing message of err, or a generic one for
// internal errors (whose details stay in the logs).
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error. Please try again later."
}

// ErrorFields returns the per-field messages of err, if any.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}
