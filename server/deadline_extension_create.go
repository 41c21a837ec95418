package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleDeadlineExtensionCreate extends a managed festival's deadline for
// a category or a filmmaker: body marquee.NewDeadlineExtension
// {categoryId, filmmakerEmail, until}; answers 201 {extension}.
func (s *Server) handleDeadlineExtensionCreate(w http.ResponseWriter, r *http.Request) {
	var body marquee.NewDeadlineExtension
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	e, err := s.svc.SubmissionManagement.ExtendDeadline(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"extension": e})
}
