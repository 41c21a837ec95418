package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleReminderCreate stores a reminder for the signed-in user, to be
// e-mailed in the request's language. A festivalSlug must name an
// approved festival.
func (s *Server) handleReminderCreate(w http.ResponseWriter, r *http.Request) {
	var nr marquee.NewReminder
	if err := s.decodeJSON(w, r, &nr); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := nr.Validate(s.db.Now()); err != nil {
		s.writeError(w, r, err)
		return
	}
	if nr.FestivalSlug != "" {
		f, err := s.db.FestivalBySlug(r.Context(), nr.FestivalSlug)
		switch {
		case marquee.ErrorCode(err) == marquee.ENotFound || (err == nil && f.Status != marquee.FestivalApproved):
			fe := marquee.FieldErrors{}
			fe.Add("festivalSlug", "This festival is not listed on Marquee")
			s.writeError(w, r, fe.Err("This festival is not listed on Marquee"))
			return
		case err != nil:
			s.writeError(w, r, err)
			return
		}
	}
	rem, err := s.db.CreateReminder(r.Context(), currentUser(r).ID, nr, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"reminder": rem})
}
