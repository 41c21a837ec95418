package server

import (
	"net/http"
)

// guestClaimAnswer is how many guest orders an account took over.
type guestClaimAnswer struct {
	Claimed int `json:"claimed"`
}

// handleGuestOrderClaim moves the guest orders bought with the signed-in
// user's address to their account once that address is confirmed: 200
// {claimed} (0 before the confirmation).
func (s *Server) handleGuestOrderClaim(w http.ResponseWriter, r *http.Request) {
	n, err := s.svc.Guests.ClaimGuestOrders(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, guestClaimAnswer{Claimed: n})
}
