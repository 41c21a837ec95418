package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	coltracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/telemetry"
	"github.com/marquee-festival/marquee/worker"
)

// request sends one request to base and returns the status and body.
func request(t *testing.T, method, url, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestMetricsShowTheSeriesDuringRequests serves the site as `marquee
// serve` wires it with MARQUEE_METRICS_TOKEN (the store's sources, the
// worker's jobs), drives real requests through it and scrapes /metrics.
func TestMetricsShowTheSeriesDuringRequests(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	ctx := context.Background()
	const token = "metrics-token-0123456789"
	cfg := config{Observe: observeConfig{MetricsToken: token}, Server: server.DefaultConfig()}
	cfg.Server.Clock = db.Clock.Now
	cfg.Server.LoginRatePerMinute = 2
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	m, stop, err := startMetrics(&cfg, db.DB, quiet)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	srv, err := server.New(cfg.Server, db.Domain(), quiet)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	if code, _ := request(t, "GET", hs.URL+"/api/v1/festivals?q=film", "", ""); code != 200 {
		t.Fatalf("search: %d", code)
	}
	if code, body := request(t, "POST", hs.URL+"/api/v1/user/register", "", `{"email":"buyer@example.com","password":"correct-horse-9"}`); code != 200 && code != 201 {
		t.Fatalf("register: %d %s", code, body)
	}
	code, body := request(t, "POST", hs.URL+"/api/v1/user/login", "", `{"email":"buyer@example.com","password":"correct-horse-9"}`)
	if code != 200 {
		t.Fatalf("login: %d %s", code, body)
	}
	var login struct{ Token string }
	if err := json.Unmarshal([]byte(body), &login); err != nil || login.Token == "" {
		t.Fatalf("login: %s", body)
	}
	if code, body := request(t, "POST", hs.URL+"/api/v1/payment/create", login.Token, `{"amount":5000,"paymentMethodId":"pm_card_visa","country":"US"}`); code != 200 {
		t.Fatalf("payment: %d %s", code, body)
	}
	// The third login in the minute is refused by the client's policy.
	request(t, "POST", hs.URL+"/api/v1/user/login", "", `{"email":"buyer@example.com","password":"wrong-password-1"}`)
	if code, _ := request(t, "POST", hs.URL+"/api/v1/user/login", "", `{"email":"buyer@example.com","password":"wrong-password-1"}`); code != http.StatusTooManyRequests {
		t.Fatalf("third login: %d, want 429", code)
	}
	// A mail waits in the outbox; the worker runs its jobs once (no SMTP
	// server: the mail stays queued).
	if err := db.Mail.Enqueue(ctx, &marquee.Mail{Kind: "reminder", To: "someone@example.com", Subject: "s", Body: "b", Language: "en", Status: marquee.MailQueued}); err != nil {
		t.Fatal(err)
	}
	w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Tickets: db.Tickets, Payments: db.Payments, Logger: quiet, Observe: m.WorkerJob}
	if err := w.Tick(ctx); err != nil {
		t.Fatal(err)
	}

	if code, _ := request(t, "GET", hs.URL+"/metrics", "", ""); code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d", code)
	}
	code, metrics := request(t, "GET", hs.URL+"/metrics", token, "")
	if code != 200 {
		t.Fatalf("/metrics: %d", code)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`marquee_http_request_duration_seconds_count\{code_class="2xx",route="GET /api/v1/festivals"\} 1\n`),
		regexp.MustCompile(`marquee_http_request_duration_seconds_bucket\{code_class="2xx",route="POST /api/v1/user/login",le="[0-9.]+"\} 1\n`),
		regexp.MustCompile(`marquee_http_request_duration_seconds_count\{code_class="4xx",route="POST /api/v1/user/login"\} 2\n`),
		regexp.MustCompile(`marquee_rate_limit_refusals_total\{policy="login-ip",reason="limit"\} 1\n`),
		regexp.MustCompile(`marquee_rate_limit_refusals_total\{policy="signup-ip",reason="limit"\} 0\n`),
		regexp.MustCompile(`marquee_db_pool_open_connections\{pool="writer"\} 1\n`),
		regexp.MustCompile(`marquee_db_pool_in_use_connections\{pool="reader"\} \d+\n`),
		regexp.MustCompile(`marquee_db_pool_waits_total\{pool="writer"\} \d+\n`),
		regexp.MustCompile(`marquee_db_pool_wait_seconds_total\{pool="reader"\} [0-9.e-]+\n`),
		regexp.MustCompile(`marquee_db_transactions_total\{outcome="committed"\} [1-9]\d*\n`),
		regexp.MustCompile(`marquee_db_busy_errors_total\{kind="busy"\} 0\n`),
		regexp.MustCompile(`marquee_mail_outbox_queued [1-9]\d*\n`),
		regexp.MustCompile(`marquee_mail_outbox_oldest_age_seconds [0-9.e+-]+\n`),
		regexp.MustCompile(`marquee_worker_lag_seconds\{task="mail"\} [0-9.e+-]+\n`),
		regexp.MustCompile(`marquee_worker_last_success_timestamp_seconds\{task="holds"\} [0-9.e+]+\n`),
		regexp.MustCompile(`marquee_worker_job_duration_seconds_count\{task="payments"\} 1\n`),
		regexp.MustCompile(`marquee_payments_total\{kind="purchase",outcome="succeeded"\} 1\n`),
		regexp.MustCompile(`marquee_ticket_orders_total\{outcome="created"\} 0\n`),
		regexp.MustCompile(`marquee_search_index_builds_total\{kind="full"\} 1\n`),
		regexp.MustCompile(`marquee_search_index_festivals 0\n`),
		regexp.MustCompile(`marquee_search_index_build_seconds\{kind="full"\} [0-9.e+-]+\n`),
		regexp.MustCompile(`go_goroutines \d+\n`),
		regexp.MustCompile(`process_resident_memory_bytes [0-9.e+]+\n`),
	} {
		if !want.MatchString(metrics) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	// Routes are patterns, never paths.
	patterns := srv.RoutePatterns()
	for _, l := range regexp.MustCompile(`route="([^"]*)"`).FindAllStringSubmatch(metrics, -1) {
		if l[1] != telemetry.RouteUnmatched && !slices.Contains(patterns, l[1]) {
			t.Errorf("route label %q is no route pattern", l[1])
		}
	}
	if strings.Contains(metrics, "@example.com") || strings.Contains(metrics, "?q=") {
		t.Error("/metrics shows a request's data")
	}
}

// TestMetricsListener: MARQUEE_METRICS_ADDR serves /metrics on its own
// listener (not on the site), with the token when one is set.
func TestMetricsListener(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	cfg := config{Observe: observeConfig{MetricsAddr: "127.0.0.1:0"}, Server: server.DefaultConfig()}
	_, stop, err := startMetrics(&cfg, db.DB, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	stop()
	if cfg.Server.Metrics == nil || cfg.Server.MetricsHandler != nil {
		t.Error("with an address of their own, the metrics are kept but not on the site")
	}
	cfg = config{Server: server.DefaultConfig()}
	m, stop, err := startMetrics(&cfg, db.DB, nil)
	if err != nil || m != nil || cfg.Server.Metrics != nil || cfg.Server.MetricsHandler != nil {
		t.Errorf("neither setting: metrics %v, %v", m, err)
	}
	stop()
}

func TestObserveConfigFromEnv(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	c, err := configFromEnv(get)
	if err != nil || c.Observe.MetricsOn() || c.Observe.TracingOn {
		t.Fatalf("defaults: %+v %v", c.Observe, err)
	}
	env = map[string]string{"MARQUEE_METRICS_ADDR": "127.0.0.1:9090", "MARQUEE_METRICS_TOKEN": "0123456789abcdef0123", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318/"}
	c, err = configFromEnv(get)
	if err != nil || !c.Observe.MetricsOn() || c.Observe.Tracing.Endpoint != "http://collector:4318/v1/traces" {
		t.Fatalf("settings: %+v %v", c.Observe, err)
	}
	env = map[string]string{"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://collector.example/otlp/traces"}
	if c, err = configFromEnv(get); err != nil || c.Observe.Tracing.Endpoint != "https://collector.example/otlp/traces" {
		t.Fatalf("traces endpoint: %+v %v", c.Observe, err)
	}
	env = map[string]string{"MARQUEE_METRICS_ADDR": "9090", "MARQUEE_METRICS_TOKEN": "short-secret", "OTEL_EXPORTER_OTLP_ENDPOINT": "collector:4318"}
	_, err = configFromEnv(get)
	for _, name := range []string{"MARQUEE_METRICS_ADDR", "MARQUEE_METRICS_TOKEN", "OTEL_EXPORTER_OTLP_ENDPOINT"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
	if strings.Contains(err.Error(), "short-secret") {
		t.Error("the token is echoed")
	}
}

// otlpStub is an OTLP/HTTP collector in the test: it keeps the spans
// posted to /v1/traces.
type otlpStub struct {
	mu    sync.Mutex
	spans []*tracepb.Span
}

func (o *otlpStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/traces" || r.Header.Get("Content-Type") != "application/x-protobuf" {
		http.Error(w, "want a protobuf POST to /v1/traces", http.StatusBadRequest)
		return
	}
	var body io.Reader = r.Body
	if r.Header.Get("Content-Encoding") == "gzip" {
		gz, err := gzip.NewReader(r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		body = gz
	}
	raw, err := io.ReadAll(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var req coltracepb.ExportTraceServiceRequest
	if err := proto.Unmarshal(raw, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	o.mu.Lock()
	for _, rs := range req.GetResourceSpans() {
		for _, ss := range rs.GetScopeSpans() {
			o.spans = append(o.spans, ss.GetSpans()...)
		}
	}
	o.mu.Unlock()
	out, _ := proto.Marshal(&coltracepb.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	_, _ = w.Write(out)
}

func (o *otlpStub) all() []*tracepb.Span {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.spans)
}

func attr(s *tracepb.Span, key string) string {
	for _, a := range s.GetAttributes() {
		if a.GetKey() == key {
			return a.GetValue().GetStringValue()
		}
	}
	return ""
}

// TestTracingSendsRequestAndDatabaseSpans: with OTEL_EXPORTER_OTLP_ENDPOINT
// set, a request makes a server span named by its route pattern, with
// the database statements it ran as child spans, sent to the collector;
// its log line carries the trace id.
func TestTracingSendsRequestAndDatabaseSpans(t *testing.T) {
	stub := &otlpStub{}
	collector := httptest.NewServer(stub)
	defer collector.Close()
	ctx := context.Background()
	cfg := config{Server: server.DefaultConfig()}
	if errs := observeFromEnv(func(k string) string {
		if k == "OTEL_EXPORTER_OTLP_ENDPOINT" {
			return collector.URL
		}
		return ""
	}, &cfg); len(errs) > 0 || !cfg.Observe.TracingOn {
		t.Fatalf("tracing settings: %v", errs)
	}
	var logs bytes.Buffer
	log := newLogger(config{LogFormat: "json"}, &logs)
	stop, err := startTracing(ctx, &cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	db.TraceQueries(cfg.tracing)
	cfg.Server.Tracing = cfg.tracing
	srv, err := server.New(cfg.Server, db.Domain(), log)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	if code, body := request(t, "GET", hs.URL+"/api/v1/packages", "", ""); code != 200 {
		t.Fatalf("packages: %d %s", code, body)
	}
	if code, _ := request(t, "GET", hs.URL+"/api/v1/nothing-here", "", ""); code != 404 {
		t.Fatalf("unknown API path: %d", code)
	}
	stop() // sends what is left

	spans := stub.all()
	var root *tracepb.Span
	for _, s := range spans {
		if s.GetName() == "GET /api/v1/packages" && s.GetKind() == tracepb.Span_SPAN_KIND_SERVER {
			root = s
		}
	}
	if root == nil {
		names := []string{}
		for _, s := range spans {
			names = append(names, s.GetName())
		}
		t.Fatalf("no server span named by the route; spans: %v", names)
	}
	if attr(root, "http.route") != "GET /api/v1/packages" {
		t.Errorf("http.route %q", attr(root, "http.route"))
	}
	children := 0
	for _, s := range spans {
		if bytes.Equal(s.GetParentSpanId(), root.GetSpanId()) && bytes.Equal(s.GetTraceId(), root.GetTraceId()) &&
			s.GetKind() == tracepb.Span_SPAN_KIND_CLIENT && attr(s, "db.system.name") == "sqlite" && strings.Contains(attr(s, "db.query.text"), "packages") {
			children++
		}
	}
	if children == 0 {
		t.Error("the request's database statements are not child spans of its server span")
	}
	for _, s := range spans {
		if strings.Contains(s.GetName(), "nothing-here") || strings.Contains(attr(s, "http.route"), "nothing-here") {
			t.Errorf("a span names the raw path: %q", s.GetName())
		}
	}
	// The request's log line carries its trace id.
	traceID := hexID(root.GetTraceId())
	found := false
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"path":"/api/v1/packages"`) && strings.Contains(line, `"trace_id":"`+traceID+`"`) && strings.Contains(line, `"request_id":"`) {
			found = true
		}
	}
	if !found {
		t.Errorf("no request line with trace id %s:\n%s", traceID, logs.String())
	}
}

func hexID(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}
