package server

import "net/http"

// handleCheckInListList answers a festival's check-in lists with their
// live counts, to its team and door staff: 200 [CheckInList].
func (s *Server) handleCheckInListList(w http.ResponseWriter, r *http.Request) {
	lists, err := s.svc.CheckInLists.CheckInLists(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, lists)
}
