package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionMessageCreate posts the signed-in filmmaker's message
// on their submission (rate limited: LimitMessage): body {body}; answers
// 201 {message}.
func (s *Server) handleSubmissionMessageCreate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrSubmissionNotFound())
		return
	}
	var body marquee.NewMessage
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitMessage) {
		return
	}
	body.Language = requestLanguage(r)
	m, err := s.svc.SubmissionManagement.PostMessage(r.Context(), id, body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": m})
}
