package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleReminderDelete deletes one of the signed-in user's reminders;
// anyone else's, or an unknown id, is 404.
func (s *Server) handleReminderDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Reminder not found"))
		return
	}
	if err := s.svc.Reminders.Delete(r.Context(), id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
