package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleNoticeTextPut saves one decision e-mail text of a managed
// festival: body marquee.NoticeText {status, language, subject, body}
// (both empty: back to the default); answers marquee.NoticeTexts.
func (s *Server) handleNoticeTextPut(w http.ResponseWriter, r *http.Request) {
	var body marquee.NoticeText
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	t, err := s.svc.SubmissionManagement.SetNoticeText(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
