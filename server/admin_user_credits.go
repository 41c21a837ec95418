package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminUserCredits adjusts an account's balance: {delta, reason} →
// {user}.
func (s *Server) handleAdminUserCredits(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, errUserNotFound())
		return
	}
	var req marquee.CreditAdjustment
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := s.svc.UserAdmin.AdjustCredits(r.Context(), id, req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("user credits adjusted", "user_id", id, "delta", req.Delta, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
