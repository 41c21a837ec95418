package marquee

import (
	"errors"
	"fmt"
	"strings"
	"time"
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
	// EUnavailable: an outside service Marquee depends on for the answer
	// (the movie database) cannot be reached (503).
	EUnavailable = "unavailable"
)

// Error is an error meant for the user: a code, a message and, for invalid
// input, a message per field.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
	// Args are the values of the message's {name} placeholders: the
	// message stays the translation id, and the server fills the values
	// into its translation (locale.Format). Set them with With.
	Args map[string]string
	// FieldArgs are the values of the {name} placeholders of field
	// messages, by field (a field without an entry has none).
	FieldArgs map[string]map[string]string
	// RetryAfter, when set, is how long the caller should wait before
	// trying again: the server sends it as Retry-After (whole seconds,
	// rounded up) with a 429 or a 503.
	RetryAfter time.Duration
}

// With sets the value of the message's {name} placeholder and returns e.
func (e *Error) With(name, value string) *Error {
	if e.Args == nil {
		e.Args = map[string]string{}
	}
	e.Args[name] = value
	return e
}

// fillArgs replaces each {name} placeholder of msg that args has a value
// for (values are not searched in turn), as locale.Format does in English.
func fillArgs(msg string, args map[string]string) string {
	if len(args) == 0 {
		return msg
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(msg, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(msg[open:], '}')
		if end < 0 {
			break
		}
		if v, ok := args[msg[open+1:open+end]]; ok {
			b.WriteString(msg[:open])
			b.WriteString(v)
			msg = msg[open+end+1:]
			continue
		}
		b.WriteString(msg[:open+1])
		msg = msg[open+1:]
	}
	b.WriteString(msg)
	return b.String()
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("marquee error: code=%s message=%s", e.Code, fillArgs(e.Message, e.Args))
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

// ErrorMessage returns the user-facing message of err in English, its
// placeholders filled, or a generic one for internal errors (whose details
// stay in the logs).
func ErrorMessage(err error) string {
	msg, args := ErrorTemplate(err)
	return fillArgs(msg, args)
}

// ErrorTemplate returns the user-facing message of err as written (the
// translation id, placeholders unfilled) and the placeholders' values, or
// the generic message for internal errors.
func ErrorTemplate(err error) (string, map[string]string) {
	var e *Error
	if err == nil {
		return "", nil
	} else if errors.As(err, &e) {
		return e.Message, e.Args
	}
	return "Internal error. Please try again later.", nil
}

// ErrorRetryAfter returns the RetryAfter of the first *Error in err's
// chain, or 0.
func ErrorRetryAfter(err error) time.Duration {
	var e *Error
	if errors.As(err, &e) {
		return e.RetryAfter
	}
	return 0
}

// ErrorFieldArgs returns the placeholders' values of err's field
// messages, by field, if any.
func ErrorFieldArgs(err error) map[string]map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.FieldArgs
	}
	return nil
}

// ErrorFields returns the per-field messages of err, if any.
func ErrorFields(err error) map[string]string {
	var e *Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}
