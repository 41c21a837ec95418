package server

import "net/http"

// festivalRoutes registers the festival API (registration, management,
// discovery and admin review).
func (s *Server) festivalRoutes(mux *http.ServeMux) {}
