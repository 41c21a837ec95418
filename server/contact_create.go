package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleContactCreate stores a message from the contact form for the
// admins; a message that fills the honeypot gets the same answer and is
// dropped by the service.
func (s *Server) handleContactCreate(w http.ResponseWriter, r *http.Request) {
	var req marquee.NewContactMessage
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := req.Validate(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitContact) {
		return
	}
	req.IP = s.clientIP(r)
	if err := s.svc.Contact.Send(r.Context(), req); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"message": "Thank you! Your message has been sent. We will reply to " + req.Email + "."})
}
