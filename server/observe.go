package server

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/marquee-festival/marquee/telemetry"
)

// observeRequests is the outermost middleware: it gives every request an
// id (the caller's X-Request-Id when sane), echoed in the response and
// carried by its log lines; when tracing is on, a server span named by
// the route pattern; when metrics are on (routes not nil), one
// observation of its time by route pattern and status class; and one
// structured log line: API calls at info, static files at debug,
// failures at warn or error, a request its client cancelled
// (statusClientClosed) at info.
//
// The route pattern is known only once the router chose the handler:
// notePattern, just around the router, writes it into the request's
// telemetry.Request, which this middleware put in the context.
// BenchmarkObserveRequests measures what it all costs.
func (s *Server) observeRequests(next http.Handler, routes *telemetry.Routes) http.Handler {
	tracing := s.cfg.Tracing
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		req := &telemetry.Request{ID: requestID(r)}
		w.Header().Set("X-Request-Id", req.ID)
		ctx := telemetry.WithRequest(r.Context(), req)
		var span trace.Span
		if tracing != nil {
			ctx, span = tracing.StartRequest(ctx, r)
		}
		r = r.WithContext(ctx)
		rec := &statusRecorder{ResponseWriter: w}
		if span != nil {
			// Ended even when the handler panics past recoverPanics
			// (http.ErrAbortHandler).
			defer func() { tracing.EndRequest(span, req.Pattern, responseStatus(rec)) }()
		}
		next.ServeHTTP(rec, r)
		took := time.Since(start)
		if routes != nil {
			routes.Observe(req.Pattern, responseStatus(rec), took)
		}
		s.logRequest(r, req.Pattern, responseStatus(rec), rec.bytes, took)
	})
}

// responseStatus is the status rec sent: 200 when the handler wrote nothing.
func responseStatus(rec *statusRecorder) int {
	if rec.status == 0 {
		return http.StatusOK
	}
	return rec.status
}

// logRequest writes the request's line (see observeRequests). A path
// holding a secret (a route with a {token}) is logged as its pattern.
func (s *Server) logRequest(r *http.Request, pattern string, status, bytes int, took time.Duration) {
	level := slog.LevelInfo
	switch {
	case status == statusClientClosed:
	case status >= 500:
		level = slog.LevelError
	case status >= 400 && status != http.StatusNotFound:
		level = slog.LevelWarn
	case !strings.HasPrefix(r.URL.Path, "/api/"):
		level = slog.LevelDebug
	}
	if !s.log.Enabled(r.Context(), level) {
		return // no logger with the request's id built for a line not written
	}
	path := r.URL.Path
	if strings.Contains(pattern, "{token}") {
		_, path, _ = strings.Cut(pattern, " ")
	}
	requestLogger(r, s.log).Log(r.Context(), level, "request",
		"method", r.Method, "path", path, "route", pattern, "status", status, "bytes", bytes,
		"duration_ms", float64(took.Microseconds())/1000, "ip", s.clientIP(r))
}

// notePattern runs next (the router, or a middleware that hands it the
// same request) and writes the pattern of the route the router chose (""
// for none) into the request's telemetry.Request, for the metrics, the
// span and the log line. The router sets r.Pattern on the request it is
// given, which the middleware outside a copy of it would not see.
func notePattern(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if req := telemetry.RequestFrom(r.Context()); req != nil {
			defer func() { req.Pattern = r.Pattern }()
		}
		next.ServeHTTP(w, r)
	})
}

// routeRecorder registers routes on next and keeps their patterns, from
// which the metrics make their table of routes.
type routeRecorder struct {
	next     router
	patterns []string
}

func (rr *routeRecorder) Handle(pattern string, h http.Handler) {
	rr.patterns = append(rr.patterns, pattern)
	rr.next.Handle(pattern, h)
}

func (rr *routeRecorder) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	rr.patterns = append(rr.patterns, pattern)
	rr.next.HandleFunc(pattern, h)
}

// RoutePatterns returns the pattern of every route s serves, in the order
// of routes.go: the values the metrics' route label takes (besides
// telemetry.RouteUnmatched).
func (s *Server) RoutePatterns() []string {
	rec := &routeRecorder{next: http.NewServeMux()}
	s.routes(rec)
	return rec.patterns
}
