package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalAnalyticsGet answers a managed festival's analytics over
// ?range=7d|30d|90d|all (30d when absent); others get 404.
func (s *Server) handleFestivalAnalyticsGet(w http.ResponseWriter, r *http.Request) {
	rg, err := marquee.ParseAnalyticsRange(r.URL.Query().Get("range"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err := s.svc.Analytics.FestivalAnalytics(r.Context(), r.PathValue("slug"), rg)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}
