package server

import "net/http"

// handleReminderList answers the signed-in user's reminders, by festival date.
func (s *Server) handleReminderList(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Reminders.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
