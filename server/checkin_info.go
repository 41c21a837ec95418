package server

import "net/http"

// handleCheckInInfo answers the check-in page's festival and screenings
// (its organiser, admins and door staff; 404 for others).
func (s *Server) handleCheckInInfo(w http.ResponseWriter, r *http.Request) {
	info, err := s.svc.Tickets.CheckInInfo(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, info)
}
