package server

import "net/http"

// handleCancellationPolicyGet answers a managed festival's rule for
// buyers' own cancellations: 200 {enabled, cutoffHours, refund, ...}.
func (s *Server) handleCancellationPolicyGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.TicketSelf.CancellationPolicy(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
