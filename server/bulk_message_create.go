package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleBulkMessageCreate sends a bulk message to a managed festival's
// entrants through the outbox (rate limited: LimitBulkMessage): body
// marquee.BulkSend; answers 201 marquee.BulkSent, or 200 and the first
// send's BulkSent when its idempotency key was sent before (nothing is
// mailed again).
func (s *Server) handleBulkMessageCreate(w http.ResponseWriter, r *http.Request) {
	var body marquee.BulkSend
	if err := s.decodeJSON(w, r, &body); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.allow(w, r, marquee.LimitBulkMessage) {
		return
	}
	sent, err := s.svc.SubmissionManagement.SendBulk(r.Context(), r.PathValue("slug"), body)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if sent.Repeat {
		writeJSON(w, http.StatusOK, sent)
		return
	}
	writeJSON(w, http.StatusCreated, sent)
}
