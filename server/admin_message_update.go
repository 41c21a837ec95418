package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

type messageUpdateRequest struct {
	Handled *bool `json:"handled"`
}

// handleAdminMessageUpdate marks a contact message handled or open again.
func (s *Server) handleAdminMessageUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Message not found"))
		return
	}
	var req messageUpdateRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Handled == nil {
		s.writeError(w, r, &marquee.Error{Code: marquee.EInvalid, Message: "handled (true or false) is required", Fields: map[string]string{"handled": "Required"}})
		return
	}
	m, err := s.svc.Contact.SetHandled(r.Context(), id, *req.Handled)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": m})
}
