package server

import "net/http"

// handleEntryStatusList answers a managed festival's own statuses:
// {statuses}.
func (s *Server) handleEntryStatusList(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.SubmissionManagement.EntryStatuses(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"statuses": list})
}
