package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleBulkMessagePreview answers how many entrants a bulk message would
// reach and how it reads in each language: body marquee.BulkMessage;
// answers marquee.BulkPreview. Nothing is written.
func (s *Server) handleBulkMessagePreview(w http.ResponseWriter, r *http.Request) {
	var body marquee.BulkMessage
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.svc.SubmissionManagement.PreviewBulk(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
