package server

import "net/http"

// handleSavedFestivalList answers the signed-in user's saved festivals,
// by next deadline: {items}.
func (s *Server) handleSavedFestivalList(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.Saved.List(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": list})
}

// handleSavedFestivalPut saves the approved festival {slug} (204; again:
// nothing changes).
func (s *Server) handleSavedFestivalPut(w http.ResponseWriter, r *http.Request) {
	if err := s.svc.Saved.Save(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleSavedFestivalDelete removes {slug} from the saved festivals (204,
// also when it was not there).
func (s *Server) handleSavedFestivalDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.svc.Saved.Unsave(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
