package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleDeadlineExtensionDelete removes a managed festival's extension; 204.
func (s *Server) handleDeadlineExtensionDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.ErrExtensionNotFound())
		return
	}
	if err := s.svc.SubmissionManagement.DeleteExtension(r.Context(), r.PathValue("slug"), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
