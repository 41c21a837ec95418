package server

import "net/http"

// handleAdminCommissionList answers the festivals with their own
// commission and the platform's: {defaultPercent, items}. Admins only.
func (s *Server) handleAdminCommissionList(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.Earnings.CommissionOverrides(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
