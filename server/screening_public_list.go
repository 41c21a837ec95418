package server

import (
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
)

// screeningsPerMinute bounds the public screening reads per client.
const screeningsPerMinute = 240

// screeningLimiter counts the public screening reads per client IP.
func (s *Server) screeningLimiter() *keyedLimiter {
	return newKeyedLimiter(s.svc.RateLimits, s.log, "screenings-ip", screeningsPerMinute, time.Minute)
}

// allowScreeningRead counts a public screening read, answering 429 past
// the limit.
func (s *Server) allowScreeningRead(w http.ResponseWriter, r *http.Request) bool {
	if s.screeningLimiter().Allow(w, r, s.clientKey(r)) {
		return true
	}
	s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many requests from your network. Try again in a minute."))
	return false
}

// handleScreeningPublicList answers an approved festival's scheduled
// screenings that have not ended: {timeZone, items} (public, rate limited).
func (s *Server) handleScreeningPublicList(w http.ResponseWriter, r *http.Request) {
	if !s.allowScreeningRead(w, r) {
		return
	}
	list, err := s.svc.Tickets.FestivalScreenings(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
