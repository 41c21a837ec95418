package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminCommissionSet sets a festival's own commission:
// PUT /admin/festivals/{slug}/commission {percent: "5.5"}; audited.
func (s *Server) handleAdminCommissionSet(w http.ResponseWriter, r *http.Request) {
	var req marquee.SetCommission
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	o, err := s.svc.Earnings.SetCommissionOverride(r.Context(), r.PathValue("slug"), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}
