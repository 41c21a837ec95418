package server

import "net/http"

// handleFestivalEarningsGet answers a managed festival's earnings page
// (?month=YYYY-MM, this month by default): balance, the credits' value
// and commission counted with, the months with rows and the month's
// statement, to its organiser and admins; to anyone else the festival
// does not exist (404).
func (s *Server) handleFestivalEarningsGet(w http.ResponseWriter, r *http.Request) {
	rep, err := s.svc.Earnings.FestivalEarnings(r.Context(), r.PathValue("slug"), r.URL.Query().Get("month"), r.URL.Query().Get("currency"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}
