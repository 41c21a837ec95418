package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleWaiverCreate adds a waiver code to a managed festival: body
// {code, percent, usageLimit, expiresOn}; answers 201 {waiver}.
func (s *Server) handleWaiverCreate(w http.ResponseWriter, r *http.Request) {
	var nw marquee.NewWaiver
	if err := s.decodeJSON(w, r, &nw); err != nil {
		s.writeError(w, r, err)
		return
	}
	wv, err := s.svc.Submissions.CreateWaiver(r.Context(), r.PathValue("slug"), nw)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"waiver": wv})
}
