package server

import "net/http"

// handleAdminPurchaseGet answers any user's purchase for an admin:
// {purchase} (its receipt's data, with the buyer's e-mail); an unknown id
// is 404. A purchase of the admin's own is also at /me/purchases/{id},
// which never answers anyone else's.
func (s *Server) handleAdminPurchaseGet(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	p, err := s.svc.Payments.AdminPurchase(r.Context(), id, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateFailure(r, p)
	writeJSON(w, http.StatusOK, map[string]any{"purchase": p})
}
