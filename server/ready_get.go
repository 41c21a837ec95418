package server

import (
	"context"
	"net/http"
	"sync/atomic"
	"time"
)

// Readiness records whether this node may take traffic. The zero value
// is not ready; a nil *Readiness is always ready.
type Readiness struct {
	ready atomic.Bool
}

// MarkReady reports the node ready from now on.
func (r *Readiness) MarkReady() { r.ready.Store(true) }

// Ready reports whether MarkReady was called (true for nil).
func (r *Readiness) Ready() bool { return r == nil || r.ready.Load() }

// handleReadyGet is /readyz, for load balancers: 503 {"status":"starting"}
// until the node's Readiness is marked (migrations ran before the server
// listens; serve marks it once the festival search index is warm), 503
// {"status":"unavailable"} when the database does not answer, else 200
// {"status":"ok"}. /healthz stays liveness: the process and its database
// answer.
func (s *Server) handleReadyGet(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if !s.cfg.Readiness.Ready() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "starting"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.svc.Health.Ping(ctx); err != nil {
		requestLogger(r, s.log).Error("readiness check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
