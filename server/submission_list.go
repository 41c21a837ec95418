package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionList answers a page of the signed-in filmmaker's
// submissions, newest first: ?status=&page=; 20 a page.
func (s *Server) handleSubmissionList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	q := r.URL.Query()
	filter := marquee.SubmissionFilter{
		Status:      marquee.ParseSubmissionStatusFilter(q.Get("status"), &f),
		PageRequest: marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.SubmissionsPerPage},
	}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Submissions.Mine(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
