package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

type festivalRejectRequest struct {
	Reason string `json:"reason"`
}

// handleAdminFestivalReject rejects a festival with a reason its organiser
// will read.
func (s *Server) handleAdminFestivalReject(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFestivalNotFound())
		return
	}
	var req festivalRejectRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Festivals.Reject(r.Context(), id, req.Reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival rejected", "festival_id", id, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
