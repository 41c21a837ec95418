package server

import "net/http"

// timeZoneRequest is the body of PUT .../time-zone (and its answer): an IANA
// zone name, or "" to follow the festival's country and city.
type timeZoneRequest struct {
	TimeZone string `json:"timeZone"`
}

// handleFestivalTimeZonePut sets a managed festival's time zone: body
// {timeZone} (an IANA name), 200 {timeZone}.
func (s *Server) handleFestivalTimeZonePut(w http.ResponseWriter, r *http.Request) {
	var body timeZoneRequest
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	tz, err := s.svc.Tickets.SetTimeZone(r.Context(), r.PathValue("slug"), body.TimeZone)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"timeZone": tz})
}
