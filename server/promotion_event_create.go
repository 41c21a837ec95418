package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handlePromotionEventCreate counts impressions of the featured
// festivals, or a click on one: {ids, kind: view|click}; 204. Rate
// limited with the page views (a client over the limit is not counted).
func (s *Server) handlePromotionEventCreate(w http.ResponseWriter, r *http.Request) {
	var e marquee.CampaignEvents
	if err := s.decodeJSON(w, r, &e); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := e.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limit(w, r, marquee.LimitPageView) != nil {
		w.Header().Del("Retry-After")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	e.IP, e.UserAgent = s.clientIP(r), r.UserAgent()
	if err := s.svc.Analytics.RecordCampaignEvents(r.Context(), e); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
