package server

import (
	"net/http"
)

// handleWaitlistOfferGet answers the offer of an e-mailed link to its
// owner (signed in): 200 WaitlistOffer; anyone else's, or an unknown
// token, is 404.
func (s *Server) handleWaitlistOfferGet(w http.ResponseWriter, r *http.Request) {
	o, err := s.svc.Waitlist.WaitlistOffer(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}
