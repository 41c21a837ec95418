package server

import "net/http"

// doorStaffAddRequest is the body of POST .../door-staff: the account to add, by e-mail.
type doorStaffAddRequest struct {
	Email string `json:"email"`
}

// handleDoorStaffAdd names an existing account door staff of a managed
// festival: body {email}, 201 DoorStaffMember.
func (s *Server) handleDoorStaffAdd(w http.ResponseWriter, r *http.Request) {
	var body doorStaffAddRequest
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	m, err := s.svc.Tickets.AddDoorStaff(r.Context(), r.PathValue("slug"), body.Email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, m)
}
