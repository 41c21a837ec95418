package main

import (
	"fmt"
	"net"
	"strings"

	"github.com/marquee-festival/marquee/telemetry"
)

// observeConfig holds the metrics' and the tracing's settings.
type observeConfig struct {
	// MetricsAddr is a listen address of the metrics' own
	// (MARQUEE_METRICS_ADDR, e.g. 127.0.0.1:9090 or :9090 on a private
	// network): /metrics is served there, not on the site.
	MetricsAddr string
	// MetricsToken (MARQUEE_METRICS_TOKEN), when set, is the bearer token
	// /metrics asks for; without MetricsAddr it puts /metrics on the site
	// itself, behind the token. Neither set: no metrics (none recorded).
	MetricsToken string
	// Tracing is where traces go (OTEL_EXPORTER_OTLP_ENDPOINT or
	// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); TracingOn says one is set.
	Tracing   telemetry.TracingConfig
	TracingOn bool
}

// metricsTokenMin is the shortest bearer token accepted: the token
// guards /metrics on the public site, so it must not be guessable.
const metricsTokenMin = 16

// MetricsOn reports whether this node keeps and serves metrics.
func (o observeConfig) MetricsOn() bool { return o.MetricsAddr != "" || o.MetricsToken != "" }

// observeFromEnv reads MARQUEE_METRICS_* and OTEL_EXPORTER_OTLP_* into c
// and returns what is wrong with them. The token is never echoed.
func observeFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	o := observeConfig{
		MetricsAddr:  strings.TrimSpace(getenv("MARQUEE_METRICS_ADDR")),
		MetricsToken: strings.TrimSpace(getenv("MARQUEE_METRICS_TOKEN")),
	}
	if o.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(o.MetricsAddr); err != nil || port == "" {
			errs = append(errs, fmt.Sprintf("MARQUEE_METRICS_ADDR=%q: want host:port, such as 127.0.0.1:9090", o.MetricsAddr))
		} else if o.MetricsAddr == c.Addr {
			errs = append(errs, fmt.Sprintf("MARQUEE_METRICS_ADDR=%q is MARQUEE_ADDR: give the metrics an address of their own, or leave it empty and set MARQUEE_METRICS_TOKEN", o.MetricsAddr))
		}
	}
	if o.MetricsToken != "" && len(o.MetricsToken) < metricsTokenMin {
		errs = append(errs, fmt.Sprintf("MARQUEE_METRICS_TOKEN: want at least %d characters (e.g. openssl rand -hex 24)", metricsTokenMin))
	}
	tc, on, err := telemetry.TracingConfigFromEnv(getenv)
	if err != nil {
		errs = append(errs, err.Error())
	}
	o.Tracing, o.TracingOn = tc, on
	c.Observe = o
	return errs
}
