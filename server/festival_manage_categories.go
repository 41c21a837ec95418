package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// festivalCategoriesUpdate is the body of PUT /manage/festivals/{slug}/categories.
type festivalCategoriesUpdate struct {
	Version    int64              `json:"version"`
	Categories []marquee.Category `json:"categories"` // nil when not sent
}

// handleManageFestivalCategories replaces a festival's categories and their
// deadlines.
func (s *Server) handleManageFestivalCategories(w http.ResponseWriter, r *http.Request) {
	if _, err := s.svc.Festivals.Managed(r.Context(), r.PathValue("slug")); err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalCategoriesUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.svc.Festivals.ReplaceCategories(r.Context(), r.PathValue("slug"), req.Version, req.Categories)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("festival categories saved", "festival_id", f.ID, "categories", len(f.Categories), "version", f.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}
