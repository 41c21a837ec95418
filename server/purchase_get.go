package server

import "net/http"

// handlePurchaseGet answers one purchase, the receipt's data: {purchase}.
// It is the signed-in user's own, always (marquee.OwnRecords: an admin
// reads others' at /admin/purchases/{id}); anyone else's, or an id that is
// not a positive integer (0 names no purchase), is the service's 404.
func (s *Server) handlePurchaseGet(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	p, err := s.svc.Payments.Purchase(r.Context(), id, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateFailure(r, p)
	writeJSON(w, http.StatusOK, map[string]any{"purchase": p})
}
