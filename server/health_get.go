package server

import (
	"context"
	"net/http"
	"time"
)

// handleHealthGet answers 200 when the database answers, 503 otherwise.
func (s *Server) handleHealthGet(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := s.svc.Health.Ping(ctx); err != nil {
		requestLogger(r, s.log).Error("health check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
