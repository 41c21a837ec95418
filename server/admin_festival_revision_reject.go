package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminFestivalRevisionReject discards a festival's pending revision
// with a reason its organiser reads and answers {festival}; the approved
// values stay public.
func (s *Server) handleAdminFestivalRevisionReject(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrFestivalNotFound())
		return
	}
	var req festivalRevisionReview
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Festivals.RejectRevision(r.Context(), id, req.RevisionID, req.Reason)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival revision rejected", "festival_id", id, "revision_id", req.RevisionID, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
