package server

import "net/http"

// handleUserLogout ends the current session (if any) and clears its cookie.
func (s *Server) handleUserLogout(w http.ResponseWriter, r *http.Request) {
	if err := s.svc.Sessions.End(r.Context(), requestToken(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.clearSessionCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
}
