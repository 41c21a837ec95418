package telemetry

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/marquee-festival/marquee"
)

// memoryTracing is Tracing into an in-memory exporter.
func memoryTracing() (*Tracing, *tracetest.InMemoryExporter) {
	exp := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exp))
	return &Tracing{provider: tp, tracer: tp.Tracer("test"), prop: propagation.TraceContext{}}, exp
}

type fakeProvider struct{ marquee.PaymentProvider }

func (fakeProvider) Name() string { return "test" }
func (fakeProvider) CreatePayment(context.Context, marquee.PaymentRequest) (*marquee.PaymentResult, error) {
	return &marquee.PaymentResult{}, nil
}
func (fakeProvider) Refund(context.Context, string, string, int64) error {
	return errors.New("card of ana@example.com declined")
}

type fakeSender struct{}

func (fakeSender) Send(context.Context, marquee.Mail) error { return nil }

type fakeMovies struct{ marquee.MovieCatalog }

func (fakeMovies) Movie(context.Context, int64, string) (*marquee.Movie, error) {
	return nil, marquee.ErrMovieNotFound()
}

// fakeStreamWriter is a fakeWriter that also streams.
type fakeStreamWriter struct{ fakeWriter }

func (fakeStreamWriter) Stream(context.Context, marquee.InquiryStreamInput, func(marquee.InquiryEvent) error) error {
	return nil
}

type fakeWriter struct{}

func (fakeWriter) Write(context.Context, marquee.InquiryFacts) (*marquee.InquiryAnswer, error) {
	return &marquee.InquiryAnswer{}, nil
}

// TestProviderCallsAreSpans: each provider call is a client span, child
// of the caller's span, failed with its error (scrubbed of addresses).
func TestProviderCallsAreSpans(t *testing.T) {
	tr, exp := memoryTracing()
	ctx, parent := tr.tracer.Start(context.Background(), "request")
	p := TracePayments(tr, fakeProvider{})
	if _, err := p.CreatePayment(ctx, marquee.PaymentRequest{}); err != nil {
		t.Fatal(err)
	}
	if err := p.Refund(ctx, "pi_1", "key", 100); err == nil {
		t.Fatal("the refund's error is lost")
	}
	if err := TraceMail(tr, fakeSender{}).Send(ctx, marquee.Mail{To: "bo@example.com"}); err != nil {
		t.Fatal(err)
	}
	if _, err := TraceMovies(tr, fakeMovies{}).Movie(ctx, 7, "en"); err == nil {
		t.Fatal("the catalogue's error is lost")
	}
	if _, err := TraceInquiryWriter(tr, fakeWriter{}).Write(ctx, marquee.InquiryFacts{}); err != nil {
		t.Fatal(err)
	}
	// A writer that streams still streams once traced (the store asks for
	// marquee.InquiryStreamWriter); one that does not is not made to.
	if _, ok := TraceInquiryWriter(tr, fakeWriter{}).(marquee.InquiryStreamWriter); ok {
		t.Error("a writer that cannot stream is traced as one that can")
	}
	sw, ok := TraceInquiryWriter(tr, fakeStreamWriter{}).(marquee.InquiryStreamWriter)
	if !ok {
		t.Fatal("the traced writer lost its Stream")
	}
	if err := sw.Stream(ctx, marquee.InquiryStreamInput{}, func(marquee.InquiryEvent) error { return nil }); err != nil {
		t.Fatal(err)
	}
	parent.End()
	want := map[string]codes.Code{
		"payment.test CreatePayment": codes.Unset, "payment.test Refund": codes.Error,
		"smtp Send": codes.Unset, "tmdb Movie": codes.Error, "assistant Write": codes.Unset, "assistant Stream": codes.Unset,
	}
	got := 0
	for _, s := range exp.GetSpans() {
		code, ok := want[s.Name]
		if !ok {
			continue
		}
		got++
		if s.SpanKind != trace.SpanKindClient || s.Parent.SpanID() != parent.SpanContext().SpanID() || s.Status.Code != code {
			t.Errorf("%s: kind %v, parent %v, status %v", s.Name, s.SpanKind, s.Parent.SpanID(), s.Status)
		}
		if strings.Contains(s.Status.Description, "@") {
			t.Errorf("%s: an address in the status: %q", s.Name, s.Status.Description)
		}
	}
	if got != len(want) {
		t.Errorf("%d provider spans, want %d: %v", got, len(want), exp.GetSpans())
	}
	// Off: the providers are returned as they are.
	if TracePayments(nil, fakeProvider{}) != (fakeProvider{}) {
		t.Error("without tracing the provider is wrapped")
	}
}

// TestRequestSpanContinuesTheCallersTrace: a request carrying a W3C
// traceparent continues its trace; its span is named by the route.
func TestRequestSpanContinuesTheCallersTrace(t *testing.T) {
	tr, exp := memoryTracing()
	r := httptest.NewRequest("GET", "/api/v1/festivals/cannes", nil)
	r.Header.Set("Traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
	_, span := tr.StartRequest(context.Background(), r)
	tr.EndRequest(span, "GET /api/v1/festivals/{slug}", 502)
	spans := exp.GetSpans()
	if len(spans) != 1 {
		t.Fatalf("%d spans", len(spans))
	}
	s := spans[0]
	if s.Name != "GET /api/v1/festivals/{slug}" || s.SpanContext.TraceID().String() != "0af7651916cd43dd8448eb211c80319c" ||
		s.Parent.SpanID().String() != "b7ad6b7169203331" || s.SpanKind != trace.SpanKindServer || s.Status.Code != codes.Error {
		t.Errorf("span %+v", s)
	}
}
