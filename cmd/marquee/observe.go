package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/telemetry"
)

// startTracing starts the OTLP exporter when tracing is configured and
// keeps it in cfg.tracing, for the providers, the database and the
// server; stop sends the spans left (at most 5 s). Without
// OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced and nothing costs.
func startTracing(ctx context.Context, cfg *config, log *slog.Logger) (stop func(), err error) {
	if !cfg.Observe.TracingOn {
		return func() {}, nil
	}
	t, err := telemetry.NewTracing(ctx, cfg.Observe.Tracing)
	if err != nil {
		return nil, err
	}
	cfg.tracing = t
	log.Info("traces go to an OpenTelemetry collector", "endpoint", cfg.Observe.Tracing.Endpoint)
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := t.Shutdown(sctx); err != nil {
			log.Warn("traces not all sent at shutdown", "err", err)
		}
	}, nil
}

// metricSources connects the store's figures to the metrics.
func metricSources(db *store.DB) telemetry.Sources {
	return telemetry.Sources{
		DBPools: func() []telemetry.PoolStats {
			var out []telemetry.PoolStats
			for _, p := range db.PoolStats() {
				out = append(out, telemetry.PoolStats{Pool: p.Pool, Stats: p.Stats})
			}
			return out
		},
		DBErrors: func() telemetry.DBCounts {
			c := db.Observed()
			return telemetry.DBCounts{Commits: c.Commits, Rollbacks: c.Rollbacks, Failed: c.Failed,
				Busy: c.Busy, Serialization: c.Serialization, Deadlock: c.Deadlock, LockTimeout: c.LockTimeout}
		},
		Outbox: db.OutboxBacklog,
		Payments: func() []telemetry.PaymentCount {
			var out []telemetry.PaymentCount
			for _, p := range db.Observed().Payments {
				out = append(out, telemetry.PaymentCount{Kind: p.Kind, Outcome: p.Outcome, Count: p.Count})
			}
			return out
		},
		TicketOrders: func() []telemetry.OutcomeCount {
			var out []telemetry.OutcomeCount
			for _, o := range db.Observed().TicketOrders {
				out = append(out, telemetry.OutcomeCount{Outcome: o.Outcome, Count: o.Count})
			}
			return out
		},
		SearchIndex: func() telemetry.SearchIndexStats {
			s := db.SearchIndexStats()
			return telemetry.SearchIndexStats{Festivals: s.Festivals, Terms: s.Terms,
				Full:        telemetry.BuildStats{Count: s.Full.Count, Last: s.Full.Last, Total: s.Full.Total},
				Incremental: telemetry.BuildStats{Count: s.Incremental.Count, Last: s.Incremental.Last, Total: s.Incremental.Total}}
		},
	}
}

// startMetrics makes the node's metrics when MARQUEE_METRICS_ADDR or
// MARQUEE_METRICS_TOKEN is set, and serves them: on their own listen
// address, or on the site behind the token (cfg.Server.MetricsHandler).
// stop closes the metrics' listener. With neither set, m is nil and
// nothing is recorded.
func startMetrics(cfg *config, db *store.DB, log *slog.Logger) (m *telemetry.Metrics, stop func(), err error) {
	if !cfg.Observe.MetricsOn() {
		return nil, func() {}, nil
	}
	m = telemetry.NewMetrics(metricSources(db))
	cfg.Server.Metrics = m
	h := m.Handler(cfg.Observe.MetricsToken)
	if cfg.Observe.MetricsAddr == "" {
		cfg.Server.MetricsHandler = h
		log.Info("metrics at /metrics on the site, behind MARQUEE_METRICS_TOKEN")
		return m, func() {}, nil
	}
	ln, err := net.Listen("tcp", cfg.Observe.MetricsAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("listen for metrics on %s: %w", cfg.Observe.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener", "err", err)
		}
	}()
	log.Info("metrics served", "addr", "http://"+ln.Addr().String()+"/metrics", "token", cfg.Observe.MetricsToken != "")
	return m, func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}, nil
}
