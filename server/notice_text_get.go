package server

import "net/http"

// handleNoticeTextGet answers a managed festival's decision e-mail texts
// with the defaults and the placeholders: marquee.NoticeTexts.
func (s *Server) handleNoticeTextGet(w http.ResponseWriter, r *http.Request) {
	t, err := s.svc.SubmissionManagement.NoticeTexts(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}
