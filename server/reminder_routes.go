package server

import "net/http"

// reminderRoutes registers the reminders API, its calendar feed and the
// admins' outbox.
func (s *Server) reminderRoutes(mux *http.ServeMux) {
	mux.Handle("GET /api/v1/reminders", s.requireUser(s.handleRemindersList))
	mux.Handle("POST /api/v1/reminders", s.requireUser(s.handleReminderCreate))
	mux.Handle("DELETE /api/v1/reminders/{id}", s.requireUser(s.handleReminderDelete))
	mux.Handle("GET /api/v1/reminders.ics", s.requireUser(s.handleRemindersICS))
	mux.Handle("GET /api/v1/admin/outbox", s.requireAdmin(s.handleAdminOutbox))
}
