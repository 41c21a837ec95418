package server

import "net/http"

// handlePaymentConfig tells the front end which provider takes payments:
// {provider: "stripe"|"test", publishableKey?} (public).
func (s *Server) handlePaymentConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.svc.Payments.Config())
}
