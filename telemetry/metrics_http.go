package telemetry

import (
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// RouteUnmatched labels requests no route took (refused before routing,
// or a method the route does not allow).
const RouteUnmatched = "unmatched"

// Routes records requests by route pattern and status class. It is made
// once per handler from the server's patterns and only read after, so a
// request finds its series with one map lookup and no lock; a series is
// created the first time its route answers with its class, so routes
// nobody calls cost nothing.
type Routes struct {
	vec    *prometheus.HistogramVec
	routes map[string]*routeSeries
	other  *routeSeries
}

type routeSeries struct {
	label string
	// byClass holds each status class's prometheus.Observer once made.
	byClass [len(statusClasses)]atomic.Value
}

// Routes returns the recorder of requests to patterns (the patterns the
// server registers, "GET /api/v1/festivals/{slug}").
func (m *Metrics) Routes(patterns []string) *Routes {
	r := &Routes{vec: m.httpDuration, routes: make(map[string]*routeSeries, len(patterns)), other: &routeSeries{label: RouteUnmatched}}
	for _, p := range patterns {
		r.routes[p] = &routeSeries{label: p}
	}
	return r
}

// Observe records a request that pattern answered with status after took.
func (r *Routes) Observe(pattern string, status int, took time.Duration) {
	s := r.routes[pattern]
	if s == nil {
		s = r.other
	}
	class := status / 100
	if class < 1 || class > 5 {
		class = 0
	}
	o, _ := s.byClass[class].Load().(prometheus.Observer)
	if o == nil {
		o = r.vec.WithLabelValues(s.label, statusClasses[class])
		s.byClass[class].Store(o)
	}
	o.Observe(took.Seconds())
}
