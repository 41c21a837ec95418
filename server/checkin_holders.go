package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleCheckInHolders searches the festival's tickets by holder name or
// e-mail: ?q= (2 characters or more) and ?screeningId=; {items} (at most 20).
func (s *Server) handleCheckInHolders(w http.ResponseWriter, r *http.Request) {
	q := marquee.HolderQuery{Q: r.URL.Query().Get("q")}
	if v := r.URL.Query().Get("screeningId"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			s.writeError(w, r, marquee.FieldError("screeningId", "Choose a screening"))
			return
		}
		q.ScreeningID = id
	}
	items, err := s.svc.Tickets.SearchHolders(r.Context(), r.PathValue("slug"), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
