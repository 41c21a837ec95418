package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSubmissionList answers a page of a managed festival's
// submissions with their scores: ?category=&status=&country=&flag=
// &minScore=&maxScore=&sort=date|score|calibrated&page=; 50 a page.
func (s *Server) handleFestivalSubmissionList(w http.ResponseWriter, r *http.Request) {
	filter, err := marquee.ParseReceivedFilter(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Submissions.Received(r.Context(), r.PathValue("slug"), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeSubmissionPage(w, page) // writeJSON's bytes, without reflection (submission_json.go)
}
