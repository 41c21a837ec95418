package telemetry

import (
	"context"
	"log/slog"
	"regexp"
	"strings"

	"go.opentelemetry.io/otel/trace"
)

// emailPattern finds e-mail addresses in log text (an SMTP server's
// refusal names its recipient, a driver's error may quote a value).
var emailPattern = regexp.MustCompile(`[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+`)

// EmailRedacted is what Scrub writes in place of an e-mail address.
const EmailRedacted = "[e-mail]"

// Scrub returns s with every e-mail address replaced by EmailRedacted.
func Scrub(s string) string {
	if strings.IndexByte(s, '@') < 0 {
		return s
	}
	return emailPattern.ReplaceAllString(s, EmailRedacted)
}

// NewLogHandler wraps h so that every record logged with a context
// (InfoContext, Log) carries the request id ("request_id") and the trace
// and span ids ("trace_id", "span_id") that context holds, and no e-mail
// address in its message or attributes (Scrub). Wrapping twice is
// wrapping once.
func NewLogHandler(h slog.Handler) slog.Handler {
	if _, ok := h.(*contextHandler); ok {
		return h
	}
	return &contextHandler{inner: h}
}

// Logger returns base bound to ctx: its lines carry ctx's request and
// trace ids even when logged without a context (logger.Error(...)), and
// are scrubbed like NewLogHandler's.
func Logger(ctx context.Context, base *slog.Logger) *slog.Logger {
	h := base.Handler()
	if ch, ok := h.(*contextHandler); ok {
		h = ch.inner
	}
	return slog.New(&contextHandler{inner: h, bound: ctx})
}

// contextHandler is NewLogHandler's handler; bound, when set, is the
// context whose ids every record carries (Logger).
type contextHandler struct {
	inner slog.Handler
	bound context.Context
}

func (h *contextHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

func (h *contextHandler) Handle(ctx context.Context, rec slog.Record) error {
	if h.bound != nil {
		ctx = h.bound
	}
	rec = scrubRecord(rec)
	if ctx != nil {
		if id := RequestID(ctx); id != "" {
			rec.AddAttrs(slog.String("request_id", id))
		}
		if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
			rec.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
		}
	}
	return h.inner.Handle(ctx, rec)
}

func (h *contextHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = scrubAttr(a)
	}
	return &contextHandler{inner: h.inner.WithAttrs(clean), bound: h.bound}
}

func (h *contextHandler) WithGroup(name string) slog.Handler {
	return &contextHandler{inner: h.inner.WithGroup(name), bound: h.bound}
}

// scrubRecord returns rec with e-mail addresses scrubbed from its message
// and attributes; rec itself when it holds none (the usual case, which
// copies nothing).
func scrubRecord(rec slog.Record) slog.Record {
	dirty := strings.IndexByte(rec.Message, '@') >= 0
	if !dirty {
		rec.Attrs(func(a slog.Attr) bool {
			dirty = attrMayHoldEmail(a)
			return !dirty
		})
	}
	if !dirty {
		return rec
	}
	out := slog.NewRecord(rec.Time, rec.Level, Scrub(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(scrubAttr(a))
		return true
	})
	return out
}

// attrMayHoldEmail reports whether a's text has an '@'.
func attrMayHoldEmail(a slog.Attr) bool {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return strings.IndexByte(v.String(), '@') >= 0
	case slog.KindGroup:
		for _, g := range v.Group() {
			if attrMayHoldEmail(g) {
				return true
			}
		}
		return false
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return strings.IndexByte(x.Error(), '@') >= 0
		case interface{ String() string }:
			return strings.IndexByte(x.String(), '@') >= 0
		}
	}
	return false
}

// scrubAttr returns a with e-mail addresses scrubbed from its text (an
// error or a Stringer becomes its scrubbed text).
func scrubAttr(a slog.Attr) slog.Attr {
	if !attrMayHoldEmail(a) {
		return a
	}
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, Scrub(v.String()))
	case slog.KindGroup:
		g := v.Group()
		clean := make([]any, len(g))
		for i, x := range g {
			clean[i] = scrubAttr(x)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.String(a.Key, Scrub(x.Error()))
		case interface{ String() string }:
			return slog.String(a.Key, Scrub(x.String()))
		}
	}
	return a
}
