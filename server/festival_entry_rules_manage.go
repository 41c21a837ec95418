package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleManagedEntryRulesGet answers a managed festival's rules and
// limits.
func (s *Server) handleManagedEntryRulesGet(w http.ResponseWriter, r *http.Request) {
	rules, err := s.svc.Submissions.ManagedEntryRules(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rules)
}

// handleManagedEntryRulesPut replaces a managed festival's rules and
// limits: body marquee.EntryRules; answers them as saved.
func (s *Server) handleManagedEntryRulesPut(w http.ResponseWriter, r *http.Request) {
	var in marquee.EntryRules
	if err := s.decodeJSON(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	rules, err := s.svc.Submissions.UpdateEntryRules(r.Context(), r.PathValue("slug"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rules)
}
