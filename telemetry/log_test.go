package telemetry_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/trace"

	"github.com/marquee-festival/marquee/telemetry"
)

func TestScrubRemovesEmailAddresses(t *testing.T) {
	for in, want := range map[string]string{
		"550 5.1.1 <ana.maria+films@example.co.uk>: Recipient address rejected": "550 5.1.1 <[e-mail]>: Recipient address rejected",
		"two: a@b.example, c_d@e.example":                                       "two: [e-mail], [e-mail]",
		"no address here":                                                       "no address here",
		"a lone @ sign":                                                         "a lone @ sign",
	} {
		if got := telemetry.Scrub(in); got != want {
			t.Errorf("Scrub(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLogHandlerAddsIdsAndScrubs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(telemetry.NewLogHandler(slog.NewTextHandler(&buf, nil)))
	sc := trace.NewSpanContext(trace.SpanContextConfig{
		TraceID: trace.TraceID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},
		SpanID:  trace.SpanID{1, 2, 3, 4, 5, 6, 7, 8}, TraceFlags: trace.FlagsSampled,
	})
	ctx := trace.ContextWithSpanContext(context.Background(), sc)
	ctx = telemetry.WithRequest(ctx, &telemetry.Request{ID: "req-42"})

	log.InfoContext(ctx, "mail to bob@example.com refused", "err", errors.New("550 <bob@example.com> unknown"), "to", "bob@example.com",
		slog.Group("mail", "addr", "bob@example.com"), "kind", "receipt")
	// A logger bound to the request carries its ids without a context.
	telemetry.Logger(ctx, log).With("user", "carol@example.org").Warn("bound")
	log.Info("no context")

	out := buf.String()
	if strings.Contains(out, "@example") {
		t.Errorf("an address reached the log:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 lines, got:\n%s", out)
	}
	for _, l := range lines[:2] {
		for _, want := range []string{"request_id=req-42", "trace_id=0102030405060708090a0b0c0d0e0f10", "span_id=0102030405060708", "[e-mail]"} {
			if !strings.Contains(l, want) {
				t.Errorf("line %q lacks %q", l, want)
			}
		}
		if strings.Count(l, "request_id=") != 1 {
			t.Errorf("line %q: the request id once, please", l)
		}
	}
	if !strings.Contains(lines[0], "kind=receipt") {
		t.Errorf("other attributes kept: %q", lines[0])
	}
	if strings.Contains(lines[2], "request_id") {
		t.Errorf("a line without a request carries an id: %q", lines[2])
	}
}
