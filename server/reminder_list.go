package server

import "net/http"

// handleRemindersList answers the signed-in user's reminders, by festival date.
func (s *Server) handleRemindersList(w http.ResponseWriter, r *http.Request) {
	items, err := s.db.ListReminders(r.Context(), currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
