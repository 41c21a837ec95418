package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/marquee-festival/marquee/telemetry"
)

// BenchmarkObserveRequests measures what observeRequests (request id,
// log line, metrics) adds to a request, around a router with one cheap
// route, request logs off as in the load runs (MARQUEE_LOG_LEVEL=error):
//
//	go test ./server -run '^$' -bench ObserveRequests -benchmem
//
// "bare" is the router alone, "observe" the middleware without metrics
// (as before metrics), "metrics" with them. The difference between the
// last two is the metrics' cost per request: a map lookup, an atomic
// load and a histogram observation, no allocation.
func BenchmarkObserveRequests(b *testing.B) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/festivals/{slug}", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"items":[]}`)
	})
	quiet := slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelError}))
	m := telemetry.NewMetrics(telemetry.Sources{})
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", mux},
		{"observe", (&Server{log: quiet}).observeRequests(notePattern(mux), nil)},
		{"metrics", (&Server{log: quiet, cfg: Config{Metrics: m}}).observeRequests(notePattern(mux), m.Routes([]string{"GET /api/v1/festivals/{slug}"}))},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				req := httptest.NewRequest(http.MethodGet, "/api/v1/festivals/cannes", nil)
				for pb.Next() {
					rec := httptest.NewRecorder()
					c.h.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("status %d", rec.Code)
					}
				}
			})
		})
	}
}

// TestObserveRequestsRecordsRoutePattern: the metrics name a request by
// the pattern of the route that answered, never by its path, and the
// same with the router's own answers (405) as unmatched.
func TestObserveRequestsRecordsRoutePattern(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/festivals/{slug}", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "gone", http.StatusGone)
	})
	m := telemetry.NewMetrics(telemetry.Sources{})
	s := &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil)), cfg: Config{Metrics: m}}
	h := s.observeRequests(notePattern(mux), m.Routes([]string{"GET /api/v1/festivals/{slug}"}))
	for _, p := range []string{"/api/v1/festivals/a", "/api/v1/festivals/b"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, p, nil))
	}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/api/v1/festivals/a", nil))
	fams, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]uint64{}
	for _, f := range fams {
		if f.GetName() != telemetry.MetricHTTPDuration {
			continue
		}
		for _, s := range f.GetMetric() {
			key := ""
			for _, l := range s.GetLabel() {
				key += l.GetName() + "=" + l.GetValue() + " "
			}
			got[key] = s.GetHistogram().GetSampleCount()
		}
	}
	want := map[string]uint64{
		"code_class=4xx route=GET /api/v1/festivals/{slug} ": 2,
		"code_class=4xx route=unmatched ":                    1,
	}
	if len(got) != len(want) {
		t.Fatalf("series %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d, want %d", k, got[k], n)
		}
	}
}
