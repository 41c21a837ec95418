package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionMessageList answers the thread of the signed-in
// filmmaker's submission: marquee.Thread.
func (s *Server) handleSubmissionMessageList(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	t, err := s.svc.SubmissionManagement.Thread(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
