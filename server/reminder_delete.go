package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleReminderDelete deletes one of the signed-in user's reminders;
// anyone else's, or an unknown id, is 404.
func (s *Server) handleReminderDelete(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Reminder not found"))
		return
	}
	if err := s.db.DeleteReminder(r.Context(), currentUser(r).ID, id); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
