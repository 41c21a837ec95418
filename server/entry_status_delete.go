package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleEntryStatusDelete removes a managed festival's status; 204.
func (s *Server) handleEntryStatusDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrEntryStatusNotFound())
		return
	}
	if err := s.svc.SubmissionManagement.DeleteEntryStatus(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
