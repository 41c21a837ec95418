package telemetry

import (
	"crypto/subtle"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/marquee-festival/marquee"
)

// Metrics is a node's Prometheus metrics: what the server, the worker
// and the rate limits record as they go, and what Sources report when
// /metrics is scraped. Every label takes values from a fixed set (route
// patterns, status classes, policy and job names, outcomes), so the
// number of series is bounded whatever the traffic.
type Metrics struct {
	reg *prometheus.Registry

	httpDuration   *prometheus.HistogramVec
	rateRefusals   *prometheus.CounterVec
	workerDuration *prometheus.HistogramVec
	workerFailures *prometheus.CounterVec

	// workers holds each job's last success (unix nanoseconds), for its lag.
	workersMu sync.Mutex
	workers   map[string]*atomic.Int64
	started   time.Time
}

// Names of the metrics Marquee exports (besides Go's and the process's,
// go_* and process_*). ops/ (the Grafana dashboard and the alert rules)
// uses only these: telemetry's tests check it.
const (
	MetricHTTPDuration          = "marquee_http_request_duration_seconds"
	MetricRateLimitRefusals     = "marquee_rate_limit_refusals_total"
	MetricWorkerDuration        = "marquee_worker_job_duration_seconds"
	MetricWorkerFailures        = "marquee_worker_job_failures_total"
	MetricWorkerLastSuccess     = "marquee_worker_last_success_timestamp_seconds"
	MetricWorkerLag             = "marquee_worker_lag_seconds"
	MetricDBOpen                = "marquee_db_pool_open_connections"
	MetricDBInUse               = "marquee_db_pool_in_use_connections"
	MetricDBIdle                = "marquee_db_pool_idle_connections"
	MetricDBMaxOpen             = "marquee_db_pool_max_open_connections"
	MetricDBWaits               = "marquee_db_pool_waits_total"
	MetricDBWaitSeconds         = "marquee_db_pool_wait_seconds_total"
	MetricDBBusy                = "marquee_db_busy_errors_total"
	MetricDBTransactions        = "marquee_db_transactions_total"
	MetricOutboxQueued          = "marquee_mail_outbox_queued"
	MetricOutboxOldestAge       = "marquee_mail_outbox_oldest_age_seconds"
	MetricPayments              = "marquee_payments_total"
	MetricTicketOrders          = "marquee_ticket_orders_total"
	MetricSearchFestivals       = "marquee_search_index_festivals"
	MetricSearchTerms           = "marquee_search_index_terms"
	MetricSearchBuildSeconds    = "marquee_search_index_build_seconds"
	MetricSearchBuilds          = "marquee_search_index_builds_total"
	MetricSearchBuildSecondsSum = "marquee_search_index_build_seconds_total"
	MetricScrapeErrors          = "marquee_metrics_source_errors_total"
)

// Status classes, the label of a response's status (1xx to 5xx).
var statusClasses = [6]string{"other", "1xx", "2xx", "3xx", "4xx", "5xx"}

// Rate limit refusal reasons: over the policy's allowance (429), or the
// count could not be written and the policy fails closed (503).
const (
	RefusedLimit       = "limit"
	RefusedUnavailable = "unavailable"
)

// NewMetrics returns a node's metrics, with Go's runtime and the
// process's collectors and src's, which are read at each scrape.
func NewMetrics(src Sources) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: MetricHTTPDuration,
			Help: "Time to answer HTTP requests, by route pattern and status class; its _count is the number of requests.",
			// From a cached search (well under a millisecond) to a slow
			// provider call or a streamed CSV.
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "code_class"}),
		rateRefusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricRateLimitRefusals,
			Help: "Requests refused by a rate limit policy: over its allowance (reason limit, 429) or not countable while it fails closed (reason unavailable, 503).",
		}, []string{"policy", "reason"}),
		workerDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    MetricWorkerDuration,
			Help:    "Time one background worker job took in a tick.",
			Buckets: []float64{.001, .005, .025, .1, .5, 1, 5, 30, 120},
		}, []string{"task"}),
		workerFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: MetricWorkerFailures,
			Help: "Background worker job runs that ended with an error.",
		}, []string{"task"}),
		workers: map[string]*atomic.Int64{},
		started: time.Now(),
	}
	for _, p := range marquee.RateLimitPolicies() {
		m.rateRefusals.WithLabelValues(string(p.Name), RefusedLimit)
	}
	m.reg.MustRegister(m.httpDuration, m.rateRefusals, m.workerDuration, m.workerFailures,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&workerLag{m: m}, newSourceCollector(src))
	return m
}

// Registry is the registry the metrics are in (tests gather from it).
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in Prometheus's text format. With a token,
// only to requests that send it as "Authorization: Bearer TOKEN" (401
// otherwise); without one, to anyone who reaches it (a listen address of
// its own, MARQUEE_METRICS_ADDR, kept off the public network).
func (m *Metrics) Handler(token string) http.Handler {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "metrics need the bearer token (MARQUEE_METRICS_TOKEN)", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// RateLimitRefused counts a request refused by policy for reason
// (RefusedLimit or RefusedUnavailable).
func (m *Metrics) RateLimitRefused(policy marquee.RateLimitName, reason string) {
	m.rateRefusals.WithLabelValues(string(policy), reason).Inc()
}

// WorkerJob records one run of a background worker job: how long it
// took and, when it succeeded, that it did (its lag starts again at 0).
func (m *Metrics) WorkerJob(job string, took time.Duration, err error) {
	m.workerDuration.WithLabelValues(job).Observe(took.Seconds())
	if err != nil {
		m.workerFailures.WithLabelValues(job).Inc()
		m.workerLast(job) // the job is known: its lag shows from the start
		return
	}
	m.workerLast(job).Store(time.Now().UnixNano())
}

// workerLast returns job's last success (0: none yet).
func (m *Metrics) workerLast(job string) *atomic.Int64 {
	m.workersMu.Lock()
	defer m.workersMu.Unlock()
	last := m.workers[job]
	if last == nil {
		last = new(atomic.Int64)
		m.workers[job] = last
	}
	return last
}

// workerLag reports, at each scrape, each job's last success and the
// time since (since the node started, for a job that never succeeded):
// a job that stops succeeding shows a lag growing past the worker's
// interval.
type workerLag struct{ m *Metrics }

var (
	workerLastDesc = prometheus.NewDesc(MetricWorkerLastSuccess, "When a background worker job last succeeded (unix seconds; absent until it does).", []string{"task"}, nil)
	workerLagDesc  = prometheus.NewDesc(MetricWorkerLag, "Seconds since a background worker job last succeeded (since the node started when it has not yet).", []string{"task"}, nil)
)

func (l *workerLag) Describe(ch chan<- *prometheus.Desc) {
	ch <- workerLastDesc
	ch <- workerLagDesc
}

func (l *workerLag) Collect(ch chan<- prometheus.Metric) {
	now := time.Now()
	l.m.workersMu.Lock()
	defer l.m.workersMu.Unlock()
	for job, last := range l.m.workers {
		since := l.m.started
		if ns := last.Load(); ns != 0 {
			since = time.Unix(0, ns)
			ch <- prometheus.MustNewConstMetric(workerLastDesc, prometheus.GaugeValue, float64(ns)/1e9, job)
		}
		ch <- prometheus.MustNewConstMetric(workerLagDesc, prometheus.GaugeValue, now.Sub(since).Seconds(), job)
	}
}
