package server

import "net/http"

// handleSiteGet answers the installation's public contact details.
func (s *Server) handleSiteGet(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{
		"supportEmail":   s.cfg.SupportEmail,
		"supportPhone":   s.cfg.SupportPhone,
		"supportAddress": s.cfg.SupportAddress,
	})
}
