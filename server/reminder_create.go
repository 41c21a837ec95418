package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleReminderCreate stores a reminder for the signed-in user, to be
// e-mailed in the request's language.
func (s *Server) handleReminderCreate(w http.ResponseWriter, r *http.Request) {
	var nr marquee.NewReminder
	if err := s.decodeJSON(w, r, &nr); err != nil {
		s.writeError(w, r, err)
		return
	}
	rem, err := s.svc.Reminders.Create(r.Context(), nr, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"reminder": rem})
}
