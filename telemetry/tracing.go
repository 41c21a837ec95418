package telemetry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// TracingConfig says where traces go.
type TracingConfig struct {
	// Endpoint is the OTLP/HTTP traces address (http://collector:4318/v1/traces).
	Endpoint string
	// ServiceName names the service in the traces ("marquee" when empty;
	// OTEL_SERVICE_NAME replaces it).
	ServiceName string
}

// TracingConfigFromEnv reads the OpenTelemetry variables:
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the traces address as it is), else
// OTEL_EXPORTER_OTLP_ENDPOINT (the collector's base address, to which
// /v1/traces is added). ok is false when neither is set: no tracing.
// The exporter reads the other OTEL_EXPORTER_OTLP_* variables (headers,
// timeout, compression) and the SDK OTEL_TRACES_SAMPLER* itself.
func TracingConfigFromEnv(getenv func(string) string) (cfg TracingConfig, ok bool, err error) {
	endpoint := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))
	name := "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
	if endpoint == "" {
		base := strings.TrimSpace(getenv("OTEL_EXPORTER_OTLP_ENDPOINT"))
		if base == "" {
			return TracingConfig{}, false, nil
		}
		name, endpoint = "OTEL_EXPORTER_OTLP_ENDPOINT", strings.TrimRight(base, "/")+"/v1/traces"
	}
	u, perr := url.Parse(endpoint)
	if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return TracingConfig{}, false, fmt.Errorf("%s=%q: want an address such as http://collector:4318", name, endpoint)
	}
	return TracingConfig{Endpoint: endpoint}, true, nil
}

// Tracing makes Marquee's spans and sends them in batches over OTLP/HTTP.
// A nil *Tracing is no tracing at all: callers test for nil and do
// nothing, so that tracing off costs nothing.
type Tracing struct {
	provider *sdktrace.TracerProvider
	tracer   trace.Tracer
	prop     propagation.TextMapPropagator
}

// NewTracing starts the exporter to cfg.Endpoint. Spans are sent in
// the background; Shutdown sends what is left.
func NewTracing(ctx context.Context, cfg TracingConfig) (*Tracing, error) {
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(cfg.Endpoint))
	if err != nil {
		return nil, fmt.Errorf("telemetry: OTLP exporter: %w", err)
	}
	name := cfg.ServiceName
	if name == "" {
		name = "marquee"
	}
	res, err := resource.New(ctx, resource.WithAttributes(attribute.String("service.name", name)), resource.WithFromEnv(), resource.WithTelemetrySDK())
	if err != nil && res == nil {
		return nil, fmt.Errorf("telemetry: tracing resource: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	return &Tracing{
		provider: tp,
		tracer:   tp.Tracer("github.com/marquee-festival/marquee"),
		prop:     propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}),
	}, nil
}

// Provider is the tracer provider (for libraries that take one).
func (t *Tracing) Provider() trace.TracerProvider { return t.provider }

// ForceFlush sends the spans ended so far.
func (t *Tracing) ForceFlush(ctx context.Context) error { return t.provider.ForceFlush(ctx) }

// Shutdown sends the spans left and stops the exporter.
func (t *Tracing) Shutdown(ctx context.Context) error { return t.provider.Shutdown(ctx) }

// StartRequest starts the server span of r, continuing the caller's
// trace when r carries a W3C traceparent. Its name is the method until
// EndRequest names it by the route.
func (t *Tracing) StartRequest(ctx context.Context, r *http.Request) (context.Context, trace.Span) {
	ctx = t.prop.Extract(ctx, propagation.HeaderCarrier(r.Header))
	return t.tracer.Start(ctx, r.Method, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(attribute.String("http.request.method", r.Method)))
}

// EndRequest names span by the route pattern that answered (never the
// path: ids and tokens stay out of traces), records the status and ends it.
func (t *Tracing) EndRequest(span trace.Span, pattern string, status int) {
	if pattern == "" {
		pattern = RouteUnmatched
	}
	span.SetName(pattern)
	span.SetAttributes(attribute.String("http.route", pattern), attribute.Int("http.response.status_code", status))
	if status >= 500 {
		span.SetStatus(codes.Error, http.StatusText(status))
	}
	span.End()
}

// StartQuery starts the client span of one database statement (op is
// its first keyword, query its text with placeholders: no values).
// It implements the store's QueryTracer.
func (t *Tracing) StartQuery(ctx context.Context, system, op, query string) context.Context {
	ctx, _ = t.tracer.Start(ctx, op, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(
		attribute.String("db.system.name", system), attribute.String("db.operation.name", op), attribute.String("db.query.text", query)))
	return ctx
}

// EndQuery ends the span StartQuery put in ctx, marking it failed by err.
func (t *Tracing) EndQuery(ctx context.Context, err error) {
	endSpan(trace.SpanFromContext(ctx), err)
}

// StartJob starts the span of a background worker job's run (the
// worker's Span): the job's statements and calls are its children.
func (t *Tracing) StartJob(ctx context.Context, job string) (context.Context, func(error)) {
	ctx, span := t.tracer.Start(ctx, "worker "+job, trace.WithSpanKind(trace.SpanKindInternal))
	return ctx, func(err error) { endSpan(span, err) }
}

// startCall starts the client span of a call to a provider (Stripe, the
// AI service, TMDB, the SMTP server).
func (t *Tracing) startCall(ctx context.Context, service, operation string) (context.Context, trace.Span) {
	return t.tracer.Start(ctx, service+" "+operation, trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(attribute.String("peer.service", service), attribute.String("rpc.method", operation)))
}

// endSpan marks span failed by err (its text scrubbed of e-mail
// addresses; a context cancelled is named so) and ends it.
func endSpan(span trace.Span, err error) {
	if err != nil {
		msg := Scrub(err.Error())
		if errors.Is(err, context.Canceled) {
			msg = "cancelled: " + msg
		}
		span.SetStatus(codes.Error, msg)
	}
	span.End()
}
