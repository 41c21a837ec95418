package server

import "net/http"

// reminderRoutes registers the reminders API, its calendar feed and the
// admins' outbox.
func (s *Server) reminderRoutes(mux *http.ServeMux) {}
