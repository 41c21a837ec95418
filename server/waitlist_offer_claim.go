package server

import (
	"net/http"
)

// handleWaitlistOfferClaim takes an offer's held seats as the owner's
// pending order: 201 TicketOrder (paid at once when free; claiming again
// answers the same order). An expired or used offer is 404.
func (s *Server) handleWaitlistOfferClaim(w http.ResponseWriter, r *http.Request) {
	o, err := s.svc.Waitlist.ClaimWaitlistOffer(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, translateOrder(r, o))
}
