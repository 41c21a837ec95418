package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// managedFestival returns the festival named by the {slug} path value if
// the signed-in user organises it or is an admin; to anyone else it does
// not exist.
func (s *Server) managedFestival(r *http.Request) (*marquee.Festival, error) {
	f, err := s.db.FestivalBySlug(r.Context(), r.PathValue("slug"))
	if err != nil {
		return nil, asFestivalNotFound(err)
	}
	if u := currentUser(r); f.OrganiserID != u.ID && !u.IsAdmin() {
		return nil, errFestivalNotFound()
	}
	return f, nil
}

// versionField checks the version an edit starts from: every edit must
// name the version it was made on.
func versionField(f marquee.FieldErrors, version int64) {
	if version <= 0 {
		f.Add("version", "Reload the festival and try again")
	}
}

// handleManageFestivalsList answers {items}: the signed-in user's
// festivals, any status, newest first.
func (s *Server) handleManageFestivalsList(w http.ResponseWriter, r *http.Request) {
	fs, err := s.db.ListOrganiserFestivals(r.Context(), currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": listItems(fs)})
}

// handleManageFestivalGet answers {festival} in full, with categories and
// criteria, to its organiser or an admin.
func (s *Server) handleManageFestivalGet(w http.ResponseWriter, r *http.Request) {
	f, err := s.managedFestival(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}

// festivalDetailsUpdate is the body of PUT /manage/festivals/{slug}.
type festivalDetailsUpdate struct {
	Version int64 `json:"version"`
	marquee.FestivalDetails
}

// handleManageFestivalDetails saves a festival's details over the version
// the organiser started from (409 when someone saved in between).
func (s *Server) handleManageFestivalDetails(w http.ResponseWriter, r *http.Request) {
	f, err := s.managedFestival(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalDetailsUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	fields := marquee.FieldErrors{}
	versionField(fields, req.Version)
	if err := req.FestivalDetails.Validate(); err != nil {
		details := marquee.ErrorFields(err)
		if details == nil {
			s.writeError(w, r, err)
			return
		}
		for k, m := range details {
			fields.Add(k, m)
		}
	}
	if err := fields.Err(marquee.FirstFieldMessage(fields, append([]string{"version"}, festivalFieldOrder...)...)); err != nil {
		s.writeError(w, r, err)
		return
	}
	updated, err := s.db.UpdateFestivalDetails(r.Context(), f.ID, req.Version, req.FestivalDetails)
	if err != nil {
		s.writeError(w, r, asFestivalNotFound(err))
		return
	}
	requestLogger(r, s.log).Info("festival details saved", "festival_id", f.ID, "version", updated.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(updated)})
}

// festivalCategoriesUpdate is the body of PUT /manage/festivals/{slug}/categories.
type festivalCategoriesUpdate struct {
	Version    int64               `json:"version"`
	Categories *[]marquee.Category `json:"categories"`
}

// handleManageFestivalCategories replaces a festival's categories and their
// deadlines; the store validates them.
func (s *Server) handleManageFestivalCategories(w http.ResponseWriter, r *http.Request) {
	f, err := s.managedFestival(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalCategoriesUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	fields := marquee.FieldErrors{}
	versionField(fields, req.Version)
	if req.Categories == nil {
		fields.Add("categories", "Send the list of categories (it may be empty)")
	}
	if err := fields.Err(marquee.FirstFieldMessage(fields, "version", "categories")); err != nil {
		s.writeError(w, r, err)
		return
	}
	cats := *req.Categories
	for i := range cats {
		cats[i].Current = nil // computed, never taken from the client
	}
	updated, err := s.db.ReplaceFestivalCategories(r.Context(), f.ID, req.Version, cats)
	if err != nil {
		s.writeError(w, r, asFestivalNotFound(err))
		return
	}
	requestLogger(r, s.log).Info("festival categories saved", "festival_id", f.ID, "categories", len(cats), "version", updated.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(updated)})
}

// festivalCriteriaUpdate is the body of PUT /manage/festivals/{slug}/criteria.
type festivalCriteriaUpdate struct {
	Version  int64                `json:"version"`
	Criteria *[]marquee.Criterion `json:"criteria"`
}

// handleManageFestivalCriteria replaces a festival's judging criteria; the
// store validates them.
func (s *Server) handleManageFestivalCriteria(w http.ResponseWriter, r *http.Request) {
	f, err := s.managedFestival(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalCriteriaUpdate
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	fields := marquee.FieldErrors{}
	versionField(fields, req.Version)
	if req.Criteria == nil {
		fields.Add("criteria", "Send the list of criteria (it may be empty)")
	}
	if err := fields.Err(marquee.FirstFieldMessage(fields, "version", "criteria")); err != nil {
		s.writeError(w, r, err)
		return
	}
	updated, err := s.db.ReplaceFestivalCriteria(r.Context(), f.ID, req.Version, *req.Criteria)
	if err != nil {
		s.writeError(w, r, asFestivalNotFound(err))
		return
	}
	requestLogger(r, s.log).Info("festival criteria saved", "festival_id", f.ID, "criteria", len(*req.Criteria), "version", updated.Version)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(updated)})
}
