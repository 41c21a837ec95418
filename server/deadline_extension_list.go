package server

import "net/http"

// handleDeadlineExtensionList answers a managed festival's deadline
// extensions: {extensions}.
func (s *Server) handleDeadlineExtensionList(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.SubmissionManagement.Extensions(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"extensions": list})
}
