package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// SubmitRatePer10Min bounds the submitting calls of one account, counted
// in the database so that every node shares the count.
const SubmitRatePer10Min = 30

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
	limiter := newKeyedLimiter(s.svc.RateLimits, s.log, "submit-user", SubmitRatePer10Min, 10*time.Minute)
	if !limiter.Allow(w, r, strconv.FormatInt(currentUser(r).ID, 10)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many submissions. Try again in a few minutes."))
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
