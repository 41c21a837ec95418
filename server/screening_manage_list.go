package server

import "net/http"

// handleScreeningManageList answers a managed festival's screenings with
// their sales figures: {timeZone, items}.
func (s *Server) handleScreeningManageList(w http.ResponseWriter, r *http.Request) {
	list, err := s.svc.Tickets.ManagedScreenings(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
