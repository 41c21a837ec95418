package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionCreate enters a film for the signed-in filmmaker, the
// decision e-mails to come in the request's language: the body of
// handleSubmissionQuote; answers 201 SubmitResult, 402 when the balance
// is short (nothing written).
func (s *Server) handleSubmissionCreate(w http.ResponseWriter, r *http.Request) {
	var ns marquee.NewSubmission
	if err := s.decodeJSON(w, r, &ns); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitSubmission) {
		return
	}
	ns.Language = requestLanguage(r)
	res, err := s.svc.Submissions.Submit(r.Context(), ns)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, res)
}
