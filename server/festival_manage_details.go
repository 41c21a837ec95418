package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// festivalDetailsUpdate is the body of PUT /manage/festivals/{slug}.
type festivalDetailsUpdate struct {
	Version int64 `json:"version"`
	marquee.FestivalDetails
}

// handleManageFestivalDetails saves a festival's details over the version
// the organiser started from (409 when someone saved in between) and
// answers {festival, revision}: on an approved festival, changes to its
// public facts wait for review as revision (null when none waits) while
// festival keeps the approved values.
func (s *Server) handleManageFestivalDetails(w http.ResponseWriter, r *http.Request) {
	if _, err := s.svc.Festivals.Managed(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err) // a stranger learns nothing from the body's errors
		return
	}
	var req festivalDetailsUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Festivals.UpdateDetails(r.Context(), r.PathValue("slug"), req.Version, req.FestivalDetails)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival details saved", "festival_id", f.ID, "version", f.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f), "revision": f.Revision})
}
