package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleJudgeRanking answers a page of a managed festival's ranking:
// ?category= (every category when absent), &sort=weighted|calibrated
// (weighted by default), &page=; 50 a page, as {items,total,page,perPage}.
func (s *Server) handleJudgeRanking(w http.ResponseWriter, r *http.Request) {
	filter, err := marquee.ParseRankingFilter(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Judging.Ranking(r.Context(), r.PathValue("slug"), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeRankingPage(w, page) // writeJSON's bytes, without reflection (submission_json.go)
}
