package server

import "net/http"

// handleFestivalGet is the public page of an approved festival: {festival}
// with its categories (each with the fee tier that applies today) and
// without its judging criteria. Pending and rejected festivals are not found.
func (s *Server) handleFestivalGet(w http.ResponseWriter, r *http.Request) {
	f, err := s.svc.Festivals.Public(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"festival": newPublicFestival(f)})
}
