package server

import (
	"net/http"
)

// handleMeExportCreate asks for a copy of the signed-in user's data: 202
// {}; the worker builds it and e-mails the link (in the request's
// language). Once an hour at most (429 with a message).
func (s *Server) handleMeExportCreate(w http.ResponseWriter, r *http.Request) {
	if err := s.svc.Privacy.RequestExport(r.Context(), requestLanguage(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusAccepted, struct{}{})
}
