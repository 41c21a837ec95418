package server

import "net/http"

// handleMeTerms records that the signed-in user accepted the terms of service.
func (s *Server) handleMeTerms(w http.ResponseWriter, r *http.Request) {
	u, err := s.svc.Users.AcceptTerms(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
