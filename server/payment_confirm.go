package server

import "net/http"

// handlePaymentConfirm settles the signed-in user's purchase {id} with the
// provider's current state (after the browser confirmed a Stripe payment):
// 200 {purchase, balance}. Another user's purchase, or an id that is not a
// positive integer (0 names no purchase), is the service's 404.
func (s *Server) handlePaymentConfirm(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	res, err := s.svc.Payments.Confirm(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translateFailure(r, res.Purchase)
	writeJSON(w, http.StatusOK, res)
}
