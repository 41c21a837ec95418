package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// questionsBody is the organiser's list of questions.
type questionsBody struct {
	Questions []marquee.QuestionInput `json:"questions"`
}

// handleFestivalQuestionPut replaces a managed festival's questions:
// body {questions: [{id?, kind, label, required, options}]}; answers
// {questions}.
func (s *Server) handleFestivalQuestionPut(w http.ResponseWriter, r *http.Request) {
	var body questionsBody
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	qs, err := s.svc.SubmissionManagement.SetQuestions(r.Context(), r.PathValue("slug"), body.Questions)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"questions": qs})
}
