package server

import "net/http"

// handleMeGet answers the signed-in user.
func (s *Server) handleMeGet(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"user": currentUser(r)})
}
