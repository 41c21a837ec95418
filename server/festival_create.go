package server

import (
	"net/http"

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
	if err := s.limit(w, r, marquee.LimitFestivalUser); err != nil {
		return nil, err
	}
	if err := s.limit(w, r, marquee.LimitFestivalClient); err != nil {
		s.giveBack(r, marquee.LimitFestivalUser)
		return nil, err
	}
	// Only registrations count: a refused or failed one gives its hits back.
	defer func() {
		if err != nil {
			s.giveBack(r, marquee.LimitFestivalUser)
			s.giveBack(r, marquee.LimitFestivalClient)
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
