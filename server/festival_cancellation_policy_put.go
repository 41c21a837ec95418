package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleCancellationPolicyPut sets a managed festival's rule for buyers'
// own cancellations (enabled false removes it): 200 with the rule.
func (s *Server) handleCancellationPolicyPut(w http.ResponseWriter, r *http.Request) {
	var body marquee.CancellationPolicy
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.svc.TicketSelf.SetCancellationPolicy(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
