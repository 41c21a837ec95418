package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleSessionGet answers {user} for a signed-in caller and {user: null}
// for a visitor: the front end asks it on every page, and a visitor is not
// an error.
func (s *Server) handleSessionGet(w http.ResponseWriter, r *http.Request) {
	u, err := s.svc.Sessions.User(r.Context(), requestToken(r))
	if err != nil && marquee.ErrorCode(err) != marquee.EUnauthorized {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": u})
}
