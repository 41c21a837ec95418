package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// festivalCriteriaUpdate is the body of PUT /manage/festivals/{slug}/criteria.
type festivalCriteriaUpdate struct {
	Version  int64               `json:"version"`
	Criteria []marquee.Criterion `json:"criteria"` // nil when not sent
}

// handleManageFestivalCriteria replaces a festival's judging criteria.
func (s *Server) handleManageFestivalCriteria(w http.ResponseWriter, r *http.Request) {
	if _, err := s.svc.Festivals.Managed(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalCriteriaUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Festivals.ReplaceCriteria(r.Context(), r.PathValue("slug"), req.Version, req.Criteria)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival criteria saved", "festival_id", f.ID, "criteria", len(f.Criteria), "version", f.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
