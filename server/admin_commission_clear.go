package server

import "net/http"

// handleAdminCommissionClear returns a festival to the platform's
// commission: DELETE /admin/festivals/{slug}/commission; audited; 404
// when it had none of its own.
func (s *Server) handleAdminCommissionClear(w http.ResponseWriter, r *http.Request) {
	if err := s.svc.Earnings.ClearCommissionOverride(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
