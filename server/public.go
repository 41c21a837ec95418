package server

import (
	"context"
	"net/http"
	"time"
)

// handleHealthz answers 200 when the database answers, 503 otherwise.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := s.db.Ping(ctx); err != nil {
		requestLogger(r, s.log).Error("health check failed", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// handleSiteGet answers the installation's public contact details.
func (s *Server) handleSiteGet(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{
		"supportEmail":   s.cfg.SupportEmail,
		"supportPhone":   s.cfg.SupportPhone,
		"supportAddress": s.cfg.SupportAddress,
	})
}

// handlePackagesList answers the credit packages in the request's language.
func (s *Server) handlePackagesList(w http.ResponseWriter, r *http.Request) {
	pkgs, err := s.db.ListPackages(r.Context(), requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, map[string]any{"packages": pkgs})
}

// handlePackageGet answers one credit package in the request's language.
func (s *Server) handlePackageGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.db.FindPackage(r.Context(), r.PathValue("id"), requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, map[string]any{"package": p})
}
