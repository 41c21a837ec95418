package server

import "net/http"

// handleAdminPurchaseRefundPreview answers what refunding a purchase
// would do now, changing nothing: 200 RefundPlan {purchaseId, credits,
// amountCents, currency, balance, spentCredits, takeCredits, refundCents,
// refundable, retry}. A purchase already refunded or that did not succeed
// is the service's 409; an unknown id its 404.
func (s *Server) handleAdminPurchaseRefundPreview(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	plan, err := s.svc.Payments.RefundPreview(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, plan)
}
