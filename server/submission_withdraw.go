package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionWithdraw withdraws one of the signed-in filmmaker's
// undecided submissions: {submission}; anyone else's is 404, a decided
// one 409.
func (s *Server) handleSubmissionWithdraw(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	sub, err := s.svc.Submissions.Withdraw(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"submission": sub})
}
