package server

import "net/http"

// handleDoorStaffList answers a managed festival's door staff: {items}.
func (s *Server) handleDoorStaffList(w http.ResponseWriter, r *http.Request) {
	items, err := s.svc.Tickets.DoorStaff(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
}
