package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSubmissionGet answers one submission of a managed
// festival in full: SubmissionDetail.
func (s *Server) handleFestivalSubmissionGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	d, err := s.svc.Submissions.Detail(r.Context(), r.PathValue("slug"), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}
