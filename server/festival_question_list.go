package server

import "net/http"

// handleFestivalQuestionList answers the custom questions of a festival
// the signed-in user can see (asked at submission): {questions}.
func (s *Server) handleFestivalQuestionList(w http.ResponseWriter, r *http.Request) {
	qs, err := s.svc.SubmissionManagement.Questions(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"questions": qs})
}
