package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPurchaseRefund refunds a purchase's unspent share as its
// preview said: {takeCredits, refundCents} (the preview's figures) →
// 200 {purchase, uncollected}, uncollected being the credits the buyer
// had already spent. A balance that changed since the preview, or a
// purchase that cannot be refunded, is the service's 409; a refund the
// provider did not confirm is recorded and answered 503 (refunding again
// retries). An unknown id (or one that is not a positive integer: 0 names
// no purchase) is the service's 404.
func (s *Server) handleAdminPurchaseRefund(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	var req marquee.RefundConfirmation
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.svc.Payments.Refund(r.Context(), id, req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("purchase refunded", "purchase_id", id, "credits", res.Purchase.RefundedCredits,
		"cents", res.Purchase.RefundedCents, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, res)
}
