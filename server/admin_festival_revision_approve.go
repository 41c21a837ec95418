package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// festivalRevisionReview is the body of the admins' revision decisions:
// the revision the admin read (a replaced one is refused with 409).
type festivalRevisionReview struct {
	RevisionID int64  `json:"revisionId"`
	Reason     string `json:"reason"`
}

// handleAdminFestivalRevisionApprove publishes a festival's pending
// revision and answers {festival}.
func (s *Server) handleAdminFestivalRevisionApprove(w http.ResponseWriter, r *http.Request) {
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
	f, err := s.svc.Festivals.ApproveRevision(r.Context(), id, req.RevisionID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival revision approved", "festival_id", id, "revision_id", req.RevisionID, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
