package server

import "net/http"

// handleAdminPurchaseRefund refunds a succeeded purchase through its
// provider and takes its credits back as far as the balance allows:
// 200 {purchase, uncollected}, uncollected being the credits the buyer had
// already spent. An unknown id (or one that is not a positive integer: 0
// names no purchase) is the service's 404; a purchase that cannot be
// refunded is the service's error.
func (s *Server) handleAdminPurchaseRefund(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	res, err := s.svc.Payments.Refund(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
