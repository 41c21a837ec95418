package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// decisionRequest is the body of a bulk decision.
type decisionRequest struct {
	IDs []int64 `json:"ids"`
	marquee.Decision
}

// handleFestivalSubmissionDecide applies a decision to submissions of a
// managed festival: body {ids, status, awardName?, shareComments?};
// answers {items: Submission[]}.
func (s *Server) handleFestivalSubmissionDecide(w http.ResponseWriter, r *http.Request) {
	var req decisionRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	subs, err := s.svc.Submissions.Decide(r.Context(), r.PathValue("slug"), req.IDs, req.Decision)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": subs})
}
