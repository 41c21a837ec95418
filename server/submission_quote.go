package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionQuote prices entries for the signed-in filmmaker without
// writing anything: body {filmId, entries: [{festivalId, categoryId}],
// waiverCode?}; answers SubmissionQuote.
func (s *Server) handleSubmissionQuote(w http.ResponseWriter, r *http.Request) {
	var ns marquee.NewSubmission
	if err := s.decodeJSON(w, r, &ns); err != nil {
		s.writeError(w, r, err)
		return
	}
	ns.Language = requestLanguage(r)
	q, err := s.svc.Submissions.Quote(r.Context(), ns)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, q)
}
