package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleJudgeRanking ranks a managed festival's submissions of a category
// (?category=; every category when absent) by weighted and calibrated score.
func (s *Server) handleJudgeRanking(w http.ResponseWriter, r *http.Request) {
	var category int64
	if v := r.URL.Query().Get("category"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Category not found"))
			return
		}
		category = id
	}
	items, err := s.svc.Judging.Ranking(r.Context(), r.PathValue("slug"), category)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
