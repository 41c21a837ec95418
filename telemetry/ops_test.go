package telemetry_test

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"go.yaml.in/yaml/v3"
)

// exprs collects every string under a key "expr" in v (a decoded JSON
// or YAML document).
func exprs(v any, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "expr" {
				*out = append(*out, s)
			}
			exprs(e, out)
		}
	case map[any]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "expr" {
				*out = append(*out, s)
			}
			exprs(e, out)
		}
	case []any:
		for _, e := range x {
			exprs(e, out)
		}
	}
}

var (
	metricName = regexp.MustCompile(`\b(?:marquee|go|process)_[a-z0-9_]+\b`)
	// byLabels and matcherLabels find the labels an expression uses.
	byLabels      = regexp.MustCompile(`\bby \(([^)]*)\)`)
	matcherLabels = regexp.MustCompile(`([a-z_]+)=~?"`)
)

// exported returns the series names the server exports (a histogram as
// its _bucket, _count and _sum) with each one's labels.
func exported(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for name, f := range families(t, exercised(t)) {
		var ls []string
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if !slices.Contains(ls, l.GetName()) {
					ls = append(ls, l.GetName())
				}
			}
		}
		if f.GetType() == dto.MetricType_HISTOGRAM {
			for _, s := range []string{"_bucket", "_count", "_sum"} {
				out[name+s] = ls
			}
			out[name+"_bucket"] = append(slices.Clone(ls), "le")
			continue
		}
		out[name] = ls
	}
	return out
}

// TestOpsFilesUseExportedMetrics reads the Grafana dashboard and the
// alert rules and fails on a metric, or a label, the server does not
// export (a renamed metric must be renamed there too).
func TestOpsFilesUseExportedMetrics(t *testing.T) {
	names := exported(t)
	var dashboard, alerts any
	raw, err := os.ReadFile("../ops/grafana/marquee.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &dashboard); err != nil {
		t.Fatalf("ops/grafana/marquee.json: %v", err)
	}
	raw, err = os.ReadFile("../ops/prometheus/alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &alerts); err != nil {
		t.Fatalf("ops/prometheus/alerts.yml: %v", err)
	}
	var dash, rules []string
	exprs(dashboard, &dash)
	exprs(alerts, &rules)
	if len(dash) < 15 {
		t.Errorf("the dashboard has %d queries", len(dash))
	}
	all := strings.Join(rules, "\n")
	for _, want := range []string{"marquee_mail_outbox_oldest_age_seconds", `code_class="5xx"`} {
		if !strings.Contains(all, want) {
			t.Errorf("no alert rule uses %s", want)
		}
	}
	covered := map[string]bool{}
	for _, e := range append(dash, rules...) {
		used := metricName.FindAllString(e, -1)
		if len(used) == 0 {
			t.Errorf("%q uses no metric", e)
		}
		// Labels an expression may use: its metrics' own, Prometheus's
		// target label (instance) and le.
		allowed := []string{"instance", "le"}
		for _, n := range used {
			ls, ok := names[n]
			if !ok {
				t.Errorf("%q: %s is not a metric the server exports", e, n)
			}
			allowed = append(allowed, ls...)
			covered[strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(n, "_bucket"), "_count"), "_sum")] = true
		}
		var labels []string
		for _, m := range byLabels.FindAllStringSubmatch(e, -1) {
			for _, l := range strings.Split(m[1], ",") {
				labels = append(labels, strings.TrimSpace(l))
			}
		}
		for _, m := range matcherLabels.FindAllStringSubmatch(e, -1) {
			labels = append(labels, m[1])
		}
		for _, l := range labels {
			if !slices.Contains(allowed, l) {
				t.Errorf("%q: label %q is on none of its metrics", e, l)
			}
		}
	}
	// The dashboard shows every family Marquee exports.
	for name := range families(t, exercised(t)) {
		if strings.HasPrefix(name, "marquee_") && name != "marquee_metrics_source_errors_total" && name != "marquee_worker_last_success_timestamp_seconds" && !covered[name] {
			t.Errorf("%s is on no dashboard panel", name)
		}
	}
}
