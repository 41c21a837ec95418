package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSubmissionFlag sets the team's flag on a submission of a
// managed festival: body {flag} ("" or "none" clears it); answers {submission}.
func (s *Server) handleFestivalSubmissionFlag(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	var body struct {
		Flag marquee.SubmissionFlag `json:"flag"`
	}
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	if body.Flag == marquee.FlagFilterNone {
		body.Flag = marquee.FlagNone
	}
	sub, err := s.svc.Submissions.SetFlag(r.Context(), r.PathValue("slug"), id, body.Flag)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"submission": sub})
}
