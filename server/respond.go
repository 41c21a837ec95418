package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// errorBody is the JSON every failing API call answers with.
type errorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code,omitempty"`
	Fields  map[string]string `json:"fields,omitempty"`
}

// statusOf maps error codes to HTTP statuses.
var statusOf = map[string]int{
	marquee.EInvalid:             http.StatusBadRequest,
	marquee.EInvalidJSON:         http.StatusBadRequest,
	marquee.ETooLarge:            http.StatusRequestEntityTooLarge,
	marquee.EConflict:            http.StatusConflict,
	marquee.EEmailTaken:          http.StatusConflict,
	marquee.ENotFound:            http.StatusNotFound,
	marquee.EUnauthorized:        http.StatusUnauthorized,
	marquee.EBadLogin:            http.StatusUnauthorized,
	marquee.EForbidden:           http.StatusForbidden,
	marquee.ERateLimited:         http.StatusTooManyRequests,
	marquee.EInternal:            http.StatusInternalServerError,
	marquee.EInsufficientCredits: http.StatusPaymentRequired,
	marquee.EUnsupportedMedia:    http.StatusUnsupportedMediaType,
	marquee.EUnavailable:         http.StatusServiceUnavailable,
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// writeRawJSON answers with status and body, JSON already encoded.
func writeRawJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeError answers with err's status and JSON body, logging internal errors.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := s.errorStatus(r, err)
	if retry := marquee.ErrorRetryAfter(err); retry > 0 && (status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable) {
		// The service said when (the password queue's expected drain).
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(retry.Seconds()))))
	} else if status == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
		// A refusal without a window of its own (a poster decode's wait
		// over): worth retrying in a moment.
		w.Header().Set("Retry-After", "1")
	}
	msg, fields := translateError(r, err)
	writeJSON(w, status, errorBody{Message: msg, Code: marquee.ErrorCode(err), Fields: fields})
}

// statusClientClosed is the status logged for a request its client
// cancelled before the answer (nginx's 499): nobody reads the answer, and
// the failure it caused (a query interrupted, "context canceled") is not
// the server's.
const statusClientClosed = 499

// errorStatus returns the HTTP status for err's code, logging the error
// when it is internal (its details stay in the logs, not the answer). A
// server error of a request whose client has gone (its context cancelled)
// is statusClientClosed, logged at info: a browser that navigates away is
// not an incident.
func (s *Server) errorStatus(r *http.Request, err error) int {
	status, ok := statusOf[marquee.ErrorCode(err)]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status >= http.StatusInternalServerError && clientGone(r) {
		return s.clientClosed(r, err)
	}
	if status == http.StatusInternalServerError {
		requestLogger(r, s.log).Error("request failed", "err", err)
	}
	return status
}

// clientClosed logs err, the failure of a request its client cancelled,
// at info and returns statusClientClosed.
func (s *Server) clientClosed(r *http.Request, err error) int {
	requestLogger(r, s.log).Info("request cancelled by the client", "err", err)
	return statusClientClosed
}

// clientGone reports whether r's client cancelled it (closed the
// connection or, over HTTP/2, reset the stream).
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

// translateError returns err's message and field messages in the request's
// language (see requestLanguage); messages without a translation stay English.
func translateError(r *http.Request, err error) (string, map[string]string) {
	lang := requestLanguage(r)
	var fields map[string]string
	if f := marquee.ErrorFields(err); len(f) > 0 {
		fields = make(map[string]string, len(f))
		fargs := marquee.ErrorFieldArgs(err)
		for k, v := range f {
			fields[k] = locale.Format(lang, v, fargs[k])
		}
	}
	msg, args := marquee.ErrorTemplate(err)
	return locale.Format(lang, msg, args), fields
}

// decodeJSON reads one JSON object from the body into v, bounded by
// MaxBodyBytes. The raw body is read first and refused when its text is not
// valid UTF-8 (or holds lone surrogate escapes, see validJSONText):
// encoding/json would silently turn such bytes into U+FFFD. A field v does
// not have is refused (errUnknownField): a misspelt or unsupported field
// ({"flagged":true} for {"flag":...}) is never silently ignored. Every API
// write decodes through it but the seed client's calls (decodeSeedJSON).
func (s *Server) decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return s.readJSON(w, r, v, true)
}

// decodeSeedJSON is decodeJSON for the seed client's compatibility calls
// (server/compat_*.go), which ignore fields they do not know, as the
// seed's own server did.
func (s *Server) decodeSeedJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return s.readJSON(w, r, v, false)
}

// readJSON is decodeJSON; strict refuses unknown fields.
func (s *Server) readJSON(w http.ResponseWriter, r *http.Request, v any, strict bool) error {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return marquee.Errorf(marquee.ETooLarge, "Request body is too large")
		}
		return marquee.Errorf(marquee.EInvalid, "The upload was interrupted; please try again")
	}
	if !validJSONText(raw) {
		return marquee.Errorf(marquee.EInvalid, "The request contains text that is not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		switch {
		case errors.Is(err, io.EOF):
			return marquee.Errorf(marquee.EInvalidJSON, "Request body is empty; send a JSON object")
		default:
			var typeErr *json.UnmarshalTypeError
			if errors.As(err, &typeErr) && typeErr.Field != "" {
				return &marquee.Error{Code: marquee.EInvalid, Message: "Field " + typeErr.Field + " has the wrong type",
					Fields: map[string]string{typeErr.Field: "Wrong type"}}
			}
			if name, ok := unknownField(err); ok {
				return errUnknownField(name)
			}
			return marquee.Errorf(marquee.EInvalidJSON, "Malformed JSON body")
		}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return marquee.Errorf(marquee.EInvalidJSON, "Malformed JSON body: unexpected data after the object")
	}
	return nil
}

// unknownField returns the name encoding/json gives of a field the target
// does not have (its error for DisallowUnknownFields has no type).
func unknownField(err error) (string, bool) {
	rest, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	name, err := strconv.Unquote(rest)
	return name, err == nil
}

// errUnknownField is the answer to a body naming a field the request does
// not take: 400 with the field's own message.
func errUnknownField(name string) error {
	var f marquee.FieldErrors
	f.Add(name, "This request does not take this field")
	e := f.ErrMessage("Unknown field {field}: this request does not take it").(*marquee.Error)
	return e.With("field", name)
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusNotFound, errorBody{Message: "Not found: " + r.Method + " " + r.URL.Path, Code: marquee.ENotFound})
}

// requestLanguage picks the language for localised data: ?lang=, else the
// first Accept-Language entry Marquee speaks, else English.
func requestLanguage(r *http.Request) string {
	if l := languagePrefix(r.URL.Query().Get("lang")); l != "" {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		if l := languagePrefix(tag); l != "" {
			return l
		}
	}
	return "en"
}

func languagePrefix(tag string) string {
	p, _, _ := strings.Cut(strings.ReplaceAll(strings.ToLower(tag), "_", "-"), "-")
	for _, l := range marquee.Languages {
		if p == l {
			return l
		}
	}
	return ""
}
