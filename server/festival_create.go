package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// createFestival reads a festival's details and registers it for the
// signed-in user, who becomes its organiser. Registrations are limited per
// user and per client address in a UTC day. Each request takes its place in
// both counts before it is handled (so that parallel requests cannot pass
// together) and gives it back when the registration fails, so that only
// registrations count. decode reads the body (decodeJSON, or the seed
// call's decodeSeedJSON).
func (s *Server) createFestival(w http.ResponseWriter, r *http.Request, decode func(http.ResponseWriter, *http.Request, any) error) (f *marquee.Festival, err error) {
	user, client := "", s.clientKey(r)
	if u := currentUser(r); u != nil {
		user = strconv.FormatInt(u.ID, 10)
	}
	if !s.festivalByUser.Allow(w, r, user) {
		return nil, marquee.Errorf(marquee.ERateLimited, "You have registered too many festivals today. Try again later.")
	}
	if !s.festivalByIP.Allow(w, r, client) {
		s.festivalByUser.Refund(r, user)
		return nil, marquee.Errorf(marquee.ERateLimited, "Too many festival registrations from your network. Try again later.")
	}
	// Only registrations count: a refused or failed one gives its hits back.
	defer func() {
		if err != nil {
			s.festivalByUser.Refund(r, user)
			s.festivalByIP.Refund(r, client)
		}
	}()
	var d marquee.FestivalDetails
	if err := decode(w, r, &d); err != nil {
		return nil, err
	}
	f, err = s.svc.Festivals.Create(r.Context(), d)
	if err != nil {
		return nil, err
	}
	requestLogger(r, s.log).Info("festival registered", "festival_id", f.ID, "user_id", f.OrganiserID)
	return f, nil
}

// handleFestivalCreate is POST /api/v1/festivals: it registers a pending
// festival and answers 201 {festival}.
func (s *Server) handleFestivalCreate(w http.ResponseWriter, r *http.Request) {
	f, err := s.createFestival(w, r, s.decodeJSON)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"festival": newFullFestival(f)})
}
