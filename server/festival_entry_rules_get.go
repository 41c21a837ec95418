package server

import "net/http"

// handleFestivalEntryRulesGet answers an approved festival's rules and
// terms and its entry limits (marquee.EntryRules), for anyone: shown
// before submitting.
func (s *Server) handleFestivalEntryRulesGet(w http.ResponseWriter, r *http.Request) {
	rules, err := s.svc.Submissions.EntryRules(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rules)
}
