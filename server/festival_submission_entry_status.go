package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalSubmissionEntryStatus sets (statusId 0: clears) the
// organiser's status on entries: body marquee.EntryStatusChange {ids,
// statusId}; 204.
func (s *Server) handleFestivalSubmissionEntryStatus(w http.ResponseWriter, r *http.Request) {
	var body marquee.EntryStatusChange
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.svc.SubmissionManagement.SetEntryStatus(r.Context(), r.PathValue("slug"), body); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
