package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFestivalViewCreate counts a view of an approved festival's public
// page, the beacon the page sends once per view: {referrer}. The
// address and user agent only make the day's visitor hash; 204, or 404
// for a festival that is not public. A client past
// Config.ViewRatePerMinute gets 204 and is not counted (a beacon has
// no reader to show a 429 to).
func (s *Server) handleFestivalViewCreate(w http.ResponseWriter, r *http.Request) {
	var v marquee.PageView
	if err := s.decodeJSON(w, r, &v); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.limit(w, r, marquee.LimitPageView) != nil {
		w.Header().Del("Retry-After")
		w.WriteHeader(http.StatusNoContent)
		return
	}
	v.Slug, v.IP, v.UserAgent, v.Host = r.PathValue("slug"), s.clientIP(r), r.UserAgent(), r.Host
	if err := s.svc.Analytics.RecordPageView(r.Context(), v); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
