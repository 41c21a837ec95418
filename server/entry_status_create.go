package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleEntryStatusCreate adds a status to a managed festival: body
// marquee.NewEntryStatus; answers 201 {status}.
func (s *Server) handleEntryStatusCreate(w http.ResponseWriter, r *http.Request) {
	var body marquee.NewEntryStatus
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	st, err := s.svc.SubmissionManagement.AddEntryStatus(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"status": st})
}
