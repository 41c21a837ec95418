package telemetry_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/telemetry"
)

// fullSources reports a figure from every source.
func fullSources(now time.Time) telemetry.Sources {
	return telemetry.Sources{
		DBPools: func() []telemetry.PoolStats {
			return []telemetry.PoolStats{{Pool: "writer", Stats: sql.DBStats{MaxOpenConnections: 1, OpenConnections: 1, InUse: 1, WaitCount: 3, WaitDuration: 2 * time.Second}}}
		},
		DBErrors: func() telemetry.DBCounts { return telemetry.DBCounts{Commits: 5, Busy: 1} },
		Outbox: func(context.Context) (int64, time.Time, error) {
			return 4, now.Add(-90 * time.Second), nil
		},
		Payments: func() []telemetry.PaymentCount {
			return []telemetry.PaymentCount{{Kind: "purchase", Outcome: "succeeded", Count: 2}}
		},
		TicketOrders: func() []telemetry.OutcomeCount { return []telemetry.OutcomeCount{{Outcome: "created", Count: 1}} },
		SearchIndex: func() telemetry.SearchIndexStats {
			return telemetry.SearchIndexStats{Festivals: 60, Terms: 900, Full: telemetry.BuildStats{Count: 1, Last: time.Second, Total: time.Second}}
		},
		Clock: func() time.Time { return now },
	}
}

// exercised returns metrics with a figure in every series Marquee exports.
func exercised(t *testing.T) *telemetry.Metrics {
	t.Helper()
	m := telemetry.NewMetrics(fullSources(time.Now()))
	routes := m.Routes([]string{"GET /api/v1/festivals", "/"})
	routes.Observe("GET /api/v1/festivals", 200, 3*time.Millisecond)
	routes.Observe("GET /api/v1/festivals", 503, time.Millisecond)
	routes.Observe("", 403, time.Millisecond)
	m.RateLimitRefused(marquee.LimitLogin, telemetry.RefusedLimit)
	m.WorkerJob("mail", 10*time.Millisecond, nil)
	m.WorkerJob("holds", time.Millisecond, errors.New("down"))
	return m
}

// families gathers m's metric families by name.
func families(t *testing.T, m *telemetry.Metrics) map[string]*dto.MetricFamily {
	t.Helper()
	got, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*dto.MetricFamily{}
	for _, f := range got {
		out[f.GetName()] = f
	}
	return out
}

func labels(m *dto.Metric) map[string]string {
	out := map[string]string{}
	for _, l := range m.GetLabel() {
		out[l.GetName()] = l.GetValue()
	}
	return out
}

func TestMetricsRecordEverySeries(t *testing.T) {
	fams := families(t, exercised(t))
	for _, name := range []string{
		telemetry.MetricHTTPDuration, telemetry.MetricRateLimitRefusals, telemetry.MetricWorkerDuration, telemetry.MetricWorkerFailures,
		telemetry.MetricWorkerLastSuccess, telemetry.MetricWorkerLag, telemetry.MetricDBOpen, telemetry.MetricDBInUse, telemetry.MetricDBIdle,
		telemetry.MetricDBMaxOpen, telemetry.MetricDBWaits, telemetry.MetricDBWaitSeconds, telemetry.MetricDBBusy, telemetry.MetricDBTransactions,
		telemetry.MetricOutboxQueued, telemetry.MetricOutboxOldestAge, telemetry.MetricPayments, telemetry.MetricTicketOrders,
		telemetry.MetricSearchFestivals, telemetry.MetricSearchTerms, telemetry.MetricSearchBuildSeconds, telemetry.MetricSearchBuilds,
		telemetry.MetricSearchBuildSecondsSum, telemetry.MetricScrapeErrors, "go_goroutines", "go_memstats_heap_inuse_bytes",
	} {
		if fams[name] == nil {
			t.Errorf("%s not exported", name)
		}
	}
	// Requests by pattern and class; an unrouted one as "unmatched".
	seen := map[string]uint64{}
	for _, m := range fams[telemetry.MetricHTTPDuration].GetMetric() {
		l := labels(m)
		seen[l["route"]+" "+l["code_class"]] = m.GetHistogram().GetSampleCount()
	}
	want := map[string]uint64{"GET /api/v1/festivals 2xx": 1, "GET /api/v1/festivals 5xx": 1, "unmatched 4xx": 1}
	if len(seen) != len(want) {
		t.Errorf("request series %v, want %v (a route nobody called has none)", seen, want)
	}
	for k, n := range want {
		if seen[k] != n {
			t.Errorf("%s: %d requests, want %d", k, seen[k], n)
		}
	}
	// Every policy's refusals are exported from the start (at 0).
	if n := len(fams[telemetry.MetricRateLimitRefusals].GetMetric()); n < len(marquee.RateLimitPolicies()) {
		t.Errorf("%d refusal series for %d policies", n, len(marquee.RateLimitPolicies()))
	}
	// The outbox's age is measured against the sources' clock.
	if age := fams[telemetry.MetricOutboxOldestAge].GetMetric()[0].GetGauge().GetValue(); age != 90 {
		t.Errorf("outbox age %v, want 90", age)
	}
	// The failed job has a lag but no last success.
	for _, m := range fams[telemetry.MetricWorkerLastSuccess].GetMetric() {
		if labels(m)["task"] == "holds" {
			t.Error("a job that never succeeded has a last success")
		}
	}
	if n := len(fams[telemetry.MetricWorkerLag].GetMetric()); n != 2 {
		t.Errorf("%d lag series, want 2", n)
	}
}

func TestMetricsOutboxErrorIsCounted(t *testing.T) {
	src := fullSources(time.Now())
	src.Outbox = func(context.Context) (int64, time.Time, error) { return 0, time.Time{}, errors.New("database down") }
	fams := families(t, telemetry.NewMetrics(src))
	if fams[telemetry.MetricOutboxQueued] != nil {
		t.Error("a failed outbox read exported a figure")
	}
	if v := fams[telemetry.MetricScrapeErrors].GetMetric()[0].GetCounter().GetValue(); v != 1 {
		t.Errorf("source errors %v, want 1", v)
	}
}

func TestMetricsHandlerToken(t *testing.T) {
	m := exercised(t)
	hs := httptest.NewServer(m.Handler("0123456789abcdef-token"))
	defer hs.Close()
	get := func(auth string) (int, string) {
		req, _ := http.NewRequest("GET", hs.URL, nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for _, auth := range []string{"", "Bearer wrong", "Bearer 0123456789abcdef-toke", "0123456789abcdef-token"} {
		if code, body := get(auth); code != http.StatusUnauthorized || strings.Contains(body, "marquee_") {
			t.Errorf("Authorization %q: %d", auth, code)
		}
	}
	code, body := get("Bearer 0123456789abcdef-token")
	if code != http.StatusOK || !strings.Contains(body, `marquee_http_request_duration_seconds_count{code_class="2xx",route="GET /api/v1/festivals"} 1`) {
		t.Errorf("with the token: %d\n%.2000s", code, body)
	}
}

// BenchmarkRoutesObserve measures what metrics add to a request:
//
//	go test ./telemetry -run '^$' -bench RoutesObserve -benchmem
func BenchmarkRoutesObserve(b *testing.B) {
	m := telemetry.NewMetrics(telemetry.Sources{})
	routes := m.Routes([]string{"GET /api/v1/festivals", "GET /api/v1/festivals/{slug}", "/"})
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			routes.Observe("GET /api/v1/festivals", 200, 3*time.Millisecond)
		}
	})
}
