package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSubmissionFlag sets the team's flag on a submission of a
// managed festival: body marquee.FlagChange {flag} ("none" or "" clears
// it; a body without flag, or with any other field, is refused); answers
// {submission}.
func (s *Server) handleFestivalSubmissionFlag(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	var body marquee.FlagChange
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	flag, err := body.Parse()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	sub, err := s.svc.Submissions.SetFlag(r.Context(), r.PathValue("slug"), id, flag)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"submission": sub})
}
