// Package telemetry is how an operator sees Marquee run: Prometheus
// metrics (metrics*.go, served at /metrics), OpenTelemetry traces
// (tracing*.go, exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is
// set) and the request and trace ids on log lines (log.go), with e-mail
// addresses scrubbed from them. The server, the store and the worker
// record through it (or through hooks cmd/marquee connects to it); the
// domain package never imports it.
package telemetry

import "context"

// Request is what the server knows of the request being served: its id
// (X-Request-Id) and, once the router chose its handler, the route
// pattern ("GET /api/v1/festivals/{slug}"), which names its metrics and
// its span (never the raw path, which may hold ids and tokens).
type Request struct {
	ID      string
	Pattern string
}

type requestKey struct{}

// WithRequest returns ctx carrying req.
func WithRequest(ctx context.Context, req *Request) context.Context {
	return context.WithValue(ctx, requestKey{}, req)
}

// RequestFrom returns the request ctx carries, or nil.
func RequestFrom(ctx context.Context) *Request {
	req, _ := ctx.Value(requestKey{}).(*Request)
	return req
}

// RequestID returns the id of the request ctx carries, or "".
func RequestID(ctx context.Context) string {
	if req := RequestFrom(ctx); req != nil {
		return req.ID
	}
	return ""
}
